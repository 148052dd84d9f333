import type { PartnerMode } from '@tern/domain/partners/offers';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { WebArea } from '../../core/area.ts';
import { configOfMode, themeConfigFixture } from '../../test/theme-config-fixture.ts';
import { webAreas } from '../areas.ts';
import { dashboardCards } from './dashboard-cards.ts';

const cards = (mode: PartnerMode) =>
  dashboardCards(webAreas, configOfMode(mode)).map(({ card, parts }) => [card, parts.length]);

describe('dashboardCards', () => {
  it('keeps the configured order and shows travel cards in the default configuration', () => {
    expect(cards('default')).toEqual([
      ['TRIPS', 1],
      ['SUMMARY', 1],
      ['LUGGAGE', 1],
      ['PASSENGERS', 1],
      ['PAYMENT_METHODS', 1],
    ]);
  });

  it('shows the initial scan, and the summary with the monitoring figures, with monitoring', () => {
    expect(cards('monitoring')).toEqual([
      ['INITIAL_SCAN', 1],
      ['SUMMARY', 2],
    ]);
  });

  it('shows the summary with the claims figures, and payout methods, to a parametric partner', () => {
    expect(cards('parametric')).toEqual([
      ['SUMMARY', 2],
      ['PAYMENT_METHODS', 1],
    ]);
  });

  it('leaves out payout methods where the partner has no payout service', () => {
    const config = themeConfigFixture({ config: { payouts: { supplier: null } } }).config;
    expect(dashboardCards(webAreas, config).map(({ card }) => card)).toEqual([
      'TRIPS',
      'SUMMARY',
      'LUGGAGE',
      'PASSENGERS',
    ]);
  });

  it("gives a card's title the page of the first offered area that has one", () => {
    const Part = lazy(async () => ({ default: () => null }));
    const areas: WebArea[] = [
      {
        name: 'claims',
        cards: { SUMMARY: Part },
        cardPages: { SUMMARY: '/claims' },
      },
      { name: 'policies', cards: { SUMMARY: Part }, cardPages: { SUMMARY: '/policies' } },
      { name: 'travel', cards: { TRIPS: Part } },
    ];
    expect(
      dashboardCards(areas, configOfMode('default')).map(({ card, page }) => [card, page]),
    ).toEqual([
      ['TRIPS', undefined],
      ['SUMMARY', '/policies'],
    ]);
    expect(
      dashboardCards(areas, configOfMode('parametric')).map(({ card, page }) => [card, page]),
    ).toEqual([['SUMMARY', '/claims']]);
  });
});
