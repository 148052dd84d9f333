import { describe, expect, it } from 'vitest';
import { AREA_NAMES } from '../areas.ts';
import { partnerConfigSchema, type PartnerConfigOverrides } from './config.ts';
import { offeredAreas, offersArea, partnerMode } from './offers.ts';

const configOf = (overrides: PartnerConfigOverrides) => partnerConfigSchema.parse(overrides);

// The three configurations of the demo partners (apps/api/src/seed/demo-world.ts).
const skyward = configOf({ includePolicy: { flightCover: true } });
const harbour = configOf({
  parametric: true,
  payouts: { supplier: 'payment-rails', country: { iso: 'GB', currency: 'GBP' } },
});
const northbank = configOf({ owl: true, payouts: { supplier: null } });

describe('offersArea', () => {
  it('gives Skyward Air (default travel cover) travel, resolutions, luggage and payouts', () => {
    expect(offeredAreas(skyward)).toEqual(['travel', 'resolutions', 'luggage', 'payouts']);
  });

  it('gives Harbour Mutual (parametric) claims and payouts, and no travel page or route', () => {
    expect(offeredAreas(harbour)).toEqual(['claims', 'payouts']);
    expect(offersArea(harbour, 'travel')).toBe(false);
    expect(offersArea(harbour, 'resolutions')).toBe(false);
    expect(offersArea(harbour, 'luggage')).toBe(false);
  });

  it('gives Northbank (monitoring, no payout service) monitoring only', () => {
    expect(offeredAreas(northbank)).toEqual(['monitoring']);
    expect(offersArea(northbank, 'payouts')).toBe(false);
  });

  it('offers the areas every portal has to every configuration', () => {
    for (const config of [skyward, harbour, northbank])
      for (const area of ['accounts', 'partners', 'policies', 'content'] as const)
        expect(offersArea(config, area)).toBe(true);
    // Every area is either everyone's or gated; nothing is left unnamed.
    expect(AREA_NAMES.filter((area) => !offersArea(northbank, area))).toEqual([
      'payouts',
      'claims',
      'travel',
      'resolutions',
      'luggage',
    ]);
  });

  it('needs a payout supplier for payouts, whatever the configuration', () => {
    expect(offersArea(configOf({ payouts: { supplier: null } }), 'payouts')).toBe(false);
    expect(offersArea(configOf({ payouts: { supplier: 'corpay' } }), 'payouts')).toBe(true);
  });

  it('follows the data-loading set: parametric wins over owl (spec 1 §4)', () => {
    const both = configOf({ parametric: true, owl: true });
    expect(partnerMode(both)).toBe('parametric');
    expect(offersArea(both, 'monitoring')).toBe(false);
    expect(offersArea(both, 'claims')).toBe(true);
  });
});
