import { describe, expect, it } from 'vitest';
import { partnerConfigSchema } from '../partners/index.ts';
import type { RequiredField } from './fields.ts';
import { payoutAddressFormSchema, payoutFormSchema, payoutMethodSchema } from './schemas.ts';
import { subscriptionsSchema } from '../monitoring/index.ts';

describe('payout configuration', () => {
  it('defaults to a manual supplier paying bank accounts in Canada', () => {
    expect(partnerConfigSchema.parse({}).payouts).toEqual({
      supplier: 'manual',
      providers: ['BANK-MANUAL'],
      country: { iso: 'CA', currency: 'CAD' },
      otherCurrencies: [],
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

describe("the portal's payout forms", () => {
  const definitions: RequiredField[] = [
    {
      key: 'sortCode',
      name: 'sortCode',
      label: 'Sort code',
      type: 'text',
      required: true,
      validationRegexp: ['^\\d{6}$'],
    },
    {
      key: 'legalType',
      name: 'legalType',
      label: 'Holder',
      type: 'select',
      required: true,
      readOnly: true,
      defaultValue: 'BUSINESS',
      valuesAllowed: [{ key: 'BUSINESS', name: 'Business' }],
    },
    {
      key: 'reference',
      name: 'reference',
      label: 'Reference',
      type: 'text',
      required: true,
    },
  ];
  const problems = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it("checks the description (45) and each shown field by the provider's rules", () => {
    const form = payoutFormSchema(definitions, null);
    expect(form.safeParse({ description: 'Mine', sortCode: '123456' }).success).toBe(true);
    expect(problems(form.safeParse({ description: ' ', sortCode: '12345' }))).toEqual({
      description: 'validation.required',
      sortCode: 'validation.invalid',
    });
    expect(problems(form.safeParse({ description: 'x'.repeat(46), sortCode: '123456' }))).toEqual({
      description: 'validation.max_length',
    });
  });

  it('asks for the proof only once the API asked for it', () => {
    const values = { description: 'Mine', sortCode: '123456' };
    expect(payoutFormSchema(definitions, null).safeParse(values).success).toBe(true);
    expect(problems(payoutFormSchema(definitions, 'password').safeParse(values))).toEqual({
      password: 'validation.enter_password',
    });
    expect(
      problems(payoutFormSchema(definitions, 'code').safeParse({ ...values, code: '12' })),
    ).toEqual({ code: 'validation.invalid_code' });
    expect(
      payoutFormSchema(definitions, 'code').safeParse({ ...values, code: '123456' }).success,
    ).toBe(true);
  });

  it('takes a 100-character description and needs every address field (spec 2 §5)', () => {
    const address = {
      description: 'x'.repeat(100),
      addressLine1: '1 King St',
      addressLine2: 'Floor 2',
      province: 'ON',
      townCity: 'Toronto',
      postCode: 'M5H 1A1',
    };
    const form = payoutAddressFormSchema(null);
    expect(form.safeParse(address).success).toBe(true);
    expect(
      problems(
        form.safeParse({
          ...address,
          description: 'x'.repeat(101),
          addressLine2: '',
          postCode: 'x'.repeat(101),
        }),
      ),
    ).toEqual({
      description: 'validation.max_length',
      addressLine2: 'validation.required',
      postCode: 'validation.max_length',
    });
  });
});
