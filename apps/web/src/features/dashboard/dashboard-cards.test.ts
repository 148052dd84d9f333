import { describe, expect, it } from 'vitest';
import { dashboardCards } from './dashboard-cards.ts';

describe('dashboardCards', () => {
  it('keeps the configured order and shows travel cards in the default configuration', () => {
    expect(dashboardCards('default')).toEqual([
      'TRIPS',
      'SUMMARY',
      'LUGGAGE',
      'PASSENGERS',
      'PAYMENT_METHODS',
    ]);
  });

  it('shows the initial scan and summary with monitoring', () => {
    expect(dashboardCards('monitoring')).toEqual(['INITIAL_SCAN', 'SUMMARY']);
  });

  it('shows summary and payout methods to a parametric partner', () => {
    expect(dashboardCards('parametric')).toEqual(['SUMMARY', 'PAYMENT_METHODS']);
  });
});
