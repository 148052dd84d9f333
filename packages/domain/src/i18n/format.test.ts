import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTimeUtc, formatMoney, formatNumber } from './format.ts';

/** Intl separates groups with (narrow) no-break spaces in French; compare with plain spaces. */
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDate ("Do MMMM YYYY")', () => {
  it('writes English dates with an ordinal day', () => {
    expect(formatDate('2026-05-01', 'en')).toBe('1st May 2026');
    expect(formatDate('2026-05-22', 'en')).toBe('22nd May 2026');
    expect(formatDate('2026-05-13', 'en')).toBe('13th May 2026');
    expect(formatDate('2026-05-03T23:30:00.000Z', 'en')).toBe('3rd May 2026');
  });

  it('uses the language’s own long date elsewhere', () => {
    expect(formatDate('2026-05-01', 'fr')).toBe('1 mai 2026');
    expect(formatDate('2026-05-01', 'es')).toBe('1 de mayo de 2026');
    expect(formatDate('2026-05-01', 'mx')).toBe('1 de mayo de 2026');
  });

  it('leaves a value that is not a date as it came', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
    expect(formatDate('2026-13-01', 'fr')).toBe('2026-13-01');
  });
});

describe('formatDateTimeUtc ("YYYY-MM-DD HH:mm" in UTC)', () => {
  it('writes the UTC time, not the local one', () => {
    expect(formatDateTimeUtc('2026-05-01T23:45:59.000Z')).toBe('2026-05-01 23:45');
    expect(formatDateTimeUtc('2026-05-01T20:45:00-04:00')).toBe('2026-05-02 00:45');
  });

  it('leaves a value that is not a date as it came', () => {
    expect(formatDateTimeUtc('soon')).toBe('soon');
  });
});

describe('formatMoney (integer minor units, in the chosen language)', () => {
  it('writes the currency’s decimals in each language’s own format', () => {
    expect(formatMoney(15000, 'CAD', 'en')).toBe('CA$150.00');
    expect(formatMoney(15000, 'CAD', 'en-CA')).toBe('$150.00');
    expect(spaced(formatMoney(123456, 'CAD', 'fr'))).toBe('1 234,56 $CA');
    expect(spaced(formatMoney(123456, 'CAD', 'es'))).toBe('1234,56 CAD');
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(123456, 'EUR', 'fr')).toBe('1\u202f234,56\u00a0€');
    expect(spaced(formatMoney(1234567, 'EUR', 'es'))).toBe('12.345,67 €');
    expect(formatMoney(123456, 'GBP', 'es')).toBe('1234,56\u00a0GBP');
  });

  it('follows the language’s locale, not the runtime’s: mx writes as es-MX', () => {
    expect(formatMoney(123456, 'EUR', 'mx')).toBe('EUR\u00a01,234.56');
  });

  it('writes whole amounts for retention and applicable limit', () => {
    expect(formatMoney(2500000, 'GBP', 'en-GB', { whole: true })).toBe('£25,000');
    expect(formatMoney(50099, 'GBP', 'en-GB', { whole: true })).toBe('£501');
  });

  it('drops the cents only of an exact amount when asked', () => {
    expect(formatMoney(15000, 'CAD', 'en', { whole: 'if-exact' })).toBe('CA$150');
    expect(formatMoney(1250, 'CAD', 'en', { whole: 'if-exact' })).toBe('CA$12.50');
  });

  it('reads minor units by the currency’s own digits: a yen has none', () => {
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1500, 'JPY', 'en', { whole: true })).toBe('¥1,500');
    expect(spaced(formatMoney(1500, 'JPY', 'fr'))).toBe('1 500 JPY');
  });

  it('refuses a code that is no currency', () => {
    expect(() => formatMoney(100, 'DOLLARS', 'en')).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('groups digits as the chosen language does', () => {
    expect(formatNumber(12500, 'en')).toBe('12,500');
    expect(spaced(formatNumber(12500, 'fr'))).toBe('12 500');
    expect(formatNumber(12500, 'de')).toBe('12.500');
    expect(formatNumber(0, 'es')).toBe('0');
  });
});
