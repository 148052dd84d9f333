import { describe, expect, it } from 'vitest';
import {
  bankCountryOf,
  checkPayoutFields,
  payoutFieldProblem,
  titleCaseBank,
  visiblePayoutFields,
  type RequiredField,
} from './fields.ts';
import { requiredFieldsQuerySchema } from './schemas.ts';

const text = (key: string, extra: Partial<RequiredField> = {}): RequiredField => ({
  key,
  name: key,
  label: key,
  type: 'text',
  required: false,
  ...extra,
});

describe('the payout form rules (spec 1 §5)', () => {
  it('checks each pattern of a field, and requires it when flagged', () => {
    const field = text('transitNumber', { required: true, validationRegexp: ['^\\d{5}$'] });
    expect(payoutFieldProblem(field, '')).toBe('validation.required');
    expect(payoutFieldProblem(field, '1234')).toBe('validation.invalid');
    expect(payoutFieldProblem(field, ' 12345 ')).toBeNull();
  });

  it('requires the six bank fields whenever present, whatever the definition says', () => {
    // Spec 1 §5, as written there.
    for (const key of [
      'legalType',
      'institutionNumber',
      'transitNumber',
      'accountNumber',
      'accountType',
      'sortCode',
    ])
      expect(payoutFieldProblem(text(key), ''), key).toBe('validation.required');
    expect(payoutFieldProblem(text('bankName'), '')).toBeNull();
  });

  it('wants the email present and valid, with its own messages', () => {
    const email = text('emailAddress', { type: 'email' });
    expect(payoutFieldProblem(email, '')).toBe('validation.email');
    expect(payoutFieldProblem(email, 'a@b')).toBe('validation.inv_email');
    expect(payoutFieldProblem(email, 'a@example.com')).toBeNull();
  });

  it('needs 3 characters in a lookup field and a listed choice in a select of 45 at most', () => {
    const lookup = text('bankName', { lookupField: { searchToFieldsMapping: {} } });
    expect(payoutFieldProblem(lookup, 'ro')).toBe('validation.min_characters');
    expect(payoutFieldProblem(lookup, 'roy')).toBeNull();
    const select = text('accountType', {
      type: 'select',
      valuesAllowed: [{ key: 'CHECKING', name: 'Chequing' }],
    });
    expect(payoutFieldProblem(select, 'SAVINGS')).toBe('validation.invalid');
    expect(payoutFieldProblem(select, 'x'.repeat(46))).toBe('validation.max_length');
    expect(payoutFieldProblem(select, 'CHECKING')).toBeNull();
  });

  it('fills read-only fields from their default, never shows the reference, flags unknown keys', () => {
    const definitions = [
      text('legalType', { readOnly: true, defaultValue: 'BUSINESS' }),
      text('reference', { readOnly: true, defaultValue: 'TERN' }),
      text('bic'),
    ];
    expect(visiblePayoutFields(definitions).map((f) => f.key)).toEqual(['legalType', 'bic']);
    expect(checkPayoutFields(definitions, { reference: 'mine', extra: 'x', bic: '' })).toEqual({
      values: { legalType: 'BUSINESS', reference: 'TERN' },
      problems: [{ field: 'extra', message: 'validation.invalid' }],
    });
  });
});

describe('bank lookup', () => {
  it('title-cases every string field but the postal code', () => {
    expect(
      titleCaseBank({
        primaryKey: 'ROYCCAT2',
        institutionName: 'ROYAL BANK OF CANADA',
        address1: '200 BAY STREET',
        city: 'SAINT-JEAN-SUR-RICHELIEU',
        postalCode: 'M5J 2J5',
      }),
    ).toEqual({
      primaryKey: 'ROYCCAT2',
      institutionName: 'Royal Bank Of Canada',
      address1: '200 Bay Street',
      city: 'Saint-Jean-Sur-Richelieu',
      postalCode: 'M5J 2J5',
    });
  });

  it('takes ?currency, or ?country with a search of 3 characters or more, not both', () => {
    expect(requiredFieldsQuerySchema.safeParse({ currency: 'CAD' }).success).toBe(true);
    expect(requiredFieldsQuerySchema.safeParse({ country: 'CA', bankSearch: 'roy' }).success).toBe(
      true,
    );
    expect(requiredFieldsQuerySchema.safeParse({ country: 'CA', bankSearch: 'ro' }).success).toBe(
      false,
    );
    expect(requiredFieldsQuerySchema.safeParse({ country: 'CA' }).success).toBe(false);
    expect(
      requiredFieldsQuerySchema.safeParse({ currency: 'CAD', country: 'CA', bankSearch: 'roy' })
        .success,
    ).toBe(false);
    expect(requiredFieldsQuerySchema.safeParse({ currency: 'JPY' }).success).toBe(false);
  });
});

describe('where a bank lookup searches', () => {
  const canada = { iso: 'CA', currency: 'CAD' as const };
  it("is the partner's country for its currency, the currency's country for one with a country", () => {
    expect(bankCountryOf('CAD', canada, undefined)).toBe('CA');
    expect(bankCountryOf('USD', canada, undefined)).toBe('US');
    expect(bankCountryOf('GBP', canada, undefined)).toBe('GB');
    expect(bankCountryOf('EUR', { iso: 'FR', currency: 'EUR' }, undefined)).toBe('FR');
  });

  it("is the IBAN's country for the euro, and none before an IBAN is typed", () => {
    expect(bankCountryOf('EUR', canada, 'de89 3704 0044 0532 0130 00')).toBe('DE');
    expect(bankCountryOf('EUR', canada, undefined)).toBeUndefined();
    expect(bankCountryOf('EUR', canada, '12')).toBeUndefined();
  });
});
