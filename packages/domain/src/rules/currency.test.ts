import { describe, it, expect } from 'vitest';
import { formatNumber } from '../i18n/format.ts';
import { amountSchema, checkAmount, parseAmount } from './currency.ts';

describe('parsing amounts', () => {
  it('takes whichever of comma and dot comes last as the decimal separator', () => {
    expect(parseAmount('1,234.56')).toBe(1234.56);
    expect(parseAmount('1.234,56')).toBe(1234.56);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('1 234,50')).toBe(1234.5);
    expect(parseAmount('\u202f1\u202f234,50')).toBe(1234.5);
    expect(parseAmount('-300')).toBe(-300);
    expect(parseAmount('1000')).toBe(1000);
  });

  it('refuses text that is not a number', () => {
    for (const bad of ['', 'abc', '12a', '1,2,x', '--1', '$12']) {
      expect(parseAmount(bad), bad).toBeNull();
    }
  });

  it('reads back a number as the portal writes it, in English and French', () => {
    expect(parseAmount(formatNumber(98765.43, 'en'))).toBe(98765.43);
    expect(parseAmount(formatNumber(98765.43, 'fr'))).toBe(98765.43);
  });
});

describe('amount input rule', () => {
  it('requires a value that parses', () => {
    expect(checkAmount('1.234,5')).toBeNull();
    expect(amountSchema.parse('2500')).toBe('2500');
    expect(checkAmount(' ')).toBe('validation.required');
    expect(checkAmount('twelve')).toBe('validation.invalid_number');
    expect(amountSchema.safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
  });
});
