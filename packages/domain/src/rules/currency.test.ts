import { describe, it, expect } from 'vitest';
import { amountSchema, checkAmount, formatAmount, parseAmount } from './currency.ts';

/** Intl separates groups with (narrow) no-break spaces in French; compare with plain spaces. */
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting money', () => {
  it('uses 2 decimals and thousands separators, en-CA by default', () => {
    expect(formatAmount(1234567.5)).toBe('1,234,567.50');
    expect(spaced(formatAmount(1234.5, 'fr-CA'))).toBe('1 234,50');
  });

  it('rounds to the decimals asked for', () => {
    expect(formatAmount(1234.56, 'en-CA', 0)).toBe('1,235');
    expect(spaced(formatAmount(9.999, 'es-ES'))).toBe('10,00');
  });
});

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

  it('reads back what it formats', () => {
    expect(parseAmount(formatAmount(98765.43))).toBe(98765.43);
    expect(parseAmount(formatAmount(98765.43, 'fr-CA'))).toBe(98765.43);
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
