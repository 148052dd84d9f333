import { describe, expect, it } from 'vitest';
import { isExistingMethodId, payoutMethodStep } from './flow.ts';

const manual = { type: 'BANK-MANUAL', service: 'bank', provider: 'manual', extras: {} };

describe('the cash payout flow (spec 2 §4.8)', () => {
  it('asks a manual bank method without address line 1 for its address first', () => {
    expect(payoutMethodStep(manual, ['BANK-MANUAL'])).toBe('address');
    expect(
      payoutMethodStep({ ...manual, extras: { addressLine1: '1 Main St' } }, ['BANK-MANUAL']),
    ).toBe('ready');
  });

  it('moves a bank method not from Corpay to Corpay where the partner pays through it', () => {
    const addressed = { ...manual, extras: { addressLine1: '1 Main St' } };
    expect(payoutMethodStep(addressed, ['BANK-MANUAL', 'BANK-CORPAY'])).toBe('corpay');
    expect(
      payoutMethodStep({ ...addressed, type: 'BANK-CORPAY', provider: 'corpay' }, ['BANK-CORPAY']),
    ).toBe('ready');
  });

  it('reuses ids with more than two hyphen-separated parts', () => {
    expect(isExistingMethodId('3f8a2c1e-0000-4000-8000-000000000001')).toBe(true);
    expect(isExistingMethodId('bank-new')).toBe(false);
  });
});
