import { describe, expect, it } from 'vitest';
import { partnerConfigSchema } from '../partners/index.ts';
import { payoutMethodSchema } from './schemas.ts';
import { subscriptionsSchema } from '../monitoring/index.ts';

describe('payout configuration', () => {
  it('defaults to a manual supplier paying bank accounts in Canada', () => {
    expect(partnerConfigSchema.parse({}).payouts).toEqual({
      supplier: 'manual',
      providers: ['BANK-MANUAL'],
      country: { iso: 'CA', currency: 'CAD' },
    });
  });

  it('keeps a partner override and lets a partner have no payout service', () => {
    const config = partnerConfigSchema.parse({
      payouts: { providers: ['BANK-MANUAL', 'BANK-CORPAY'], country: { currency: 'USD' } },
    });
    expect(config.payouts.providers).toEqual(['BANK-MANUAL', 'BANK-CORPAY']);
    expect(config.payouts.country).toEqual({ iso: 'CA', currency: 'USD' });
    expect(partnerConfigSchema.parse({ payouts: { supplier: null } }).payouts.supplier).toBeNull();
  });

  it('refuses an unknown provider or a malformed country', () => {
    expect(partnerConfigSchema.safeParse({ payouts: { providers: ['CASH'] } }).success).toBe(false);
    expect(partnerConfigSchema.safeParse({ payouts: { country: { iso: 'can' } } }).success).toBe(
      false,
    );
  });
});

describe('masked response fields', () => {
  const method = {
    payoutMethodId: '00000000-0000-4000-8000-000000000201',
    description: 'Chequing',
    preferred: 1,
    service: 'bank',
    provider: 'manual',
    vendor: 'service-provider',
    type: 'BANK-MANUAL',
    currency: 'CAD',
    extras: {},
    created: '2026-01-01T00:00:00.000Z',
  };

  it('accept a masked account number and refuse a plain one', () => {
    expect(payoutMethodSchema.safeParse({ ...method, accountNumber: '****4321' }).success).toBe(
      true,
    );
    expect(
      payoutMethodSchema.safeParse({ ...method, iban: 'GB29NWBK60161331926819' }).success,
    ).toBe(false);
  });

  it('need every one of the ten monitored data types', () => {
    expect(subscriptionsSchema.safeParse({}).success).toBe(false);
  });
});
