import { describe, expect, it } from 'vitest';
import { accessProfileFor } from '../access.ts';
import { widgetAccessProfile, withheldFeatures } from './access.ts';
import { WIDGET_PANEL_NAMES } from './panels.ts';

const features = (profile: { feature: string }[]) => profile.map((entry) => entry.feature);

describe('a widget session’s access', () => {
  const customer = accessProfileFor(['USER']);

  it('keeps the whole customer profile with every panel', () => {
    expect(widgetAccessProfile(customer, WIDGET_PANEL_NAMES)).toEqual(customer);
    expect(withheldFeatures(WIDGET_PANEL_NAMES).size).toBe(0);
  });

  it('withholds the features of the panels it lacks, and only those', () => {
    expect(features(widgetAccessProfile(customer, ['insurance']))).toEqual([
      'customer-travel-trips',
      'customer-insurance',
      'customer-travel-chartered',
      'customer-travel-resolutions',
    ]);
    expect(features(widgetAccessProfile(customer, ['luggage', 'payoutmethods']))).toEqual([
      'customer-travel-trips',
      'customer-travel-chartered',
      'customer-travel-luggage',
      'customer-payouts',
      'customer-travel-resolutions',
    ]);
  });

  it('opens no gated feature with the dashboard and account panels alone', () => {
    expect([...withheldFeatures(['dashboard', 'account'])].sort()).toEqual([
      'customer-insurance',
      'customer-payouts',
      'customer-travel-luggage',
      'customer-travel-passengers',
    ]);
  });
});
