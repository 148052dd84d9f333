import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTimeUtc, formatMoney } from './format.ts';

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

describe('formatMoney (integer minor units)', () => {
  it('writes 2 decimals in the language’s own format', () => {
    expect(formatMoney(15000, 'CAD', 'en-CA')).toBe('$150.00');
    expect(formatMoney(123456, 'EUR', 'fr')).toBe('1\u202f234,56\u00a0€');
    expect(formatMoney(123456, 'GBP', 'es')).toBe('1234,56\u00a0GBP');
  });

  it('writes whole amounts for retention and applicable limit', () => {
    expect(formatMoney(2500000, 'GBP', 'en-GB', { whole: true })).toBe('£25,000');
    expect(formatMoney(50099, 'GBP', 'en-GB', { whole: true })).toBe('£501');
  });

  it('reads minor units by the currency’s own digits', () => {
    expect(formatMoney(1500, 'JPY', 'en', { whole: true })).toBe('¥1,500');
  });
});
