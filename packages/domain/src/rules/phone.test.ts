import { describe, it, expect } from 'vitest';
import {
  callingCode,
  checkPhone,
  cleanPhone,
  internationalPhoneSchema,
  isMobileTooLong,
  isValidInternationalPhone,
  mobileMaxDigits,
  phoneSchema,
  toInternationalPhone,
} from './phone.ts';

const messages = (schema: typeof phoneSchema, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('cleanPhone', () => {
  it('keeps digits and the plus sign only', () => {
    expect(cleanPhone('+44 (0) 7911-123.456 ext')).toBe('+4407911123456');
    expect(cleanPhone('abc')).toBe('');
  });
});

describe('callingCode', () => {
  it('gives the code of a known country, in any case', () => {
    expect(callingCode('GB')).toBe('44');
    expect(callingCode('ca')).toBe('1');
  });
  it('gives null for an unknown country', () => {
    expect(callingCode('XX')).toBeNull();
  });
});

describe('country-coded mobile length', () => {
  it('knows the longest mobile number of a country', () => {
    expect(mobileMaxDigits('GB')).toBe(10);
    expect(mobileMaxDigits('FR')).toBe(9);
    expect(mobileMaxDigits('XX')).toBeNull();
  });

  it('lets a full-length number through, with or without national prefix or calling code', () => {
    expect(isMobileTooLong('7911 123456', 'GB')).toBe(false);
    expect(isMobileTooLong('07911 123456', 'GB')).toBe(false);
    expect(isMobileTooLong('+44 7911 123456', 'GB')).toBe(false);
    expect(isMobileTooLong('612345678', 'FR')).toBe(false);
  });

  it('refuses one digit more than the country allows', () => {
    expect(isMobileTooLong('7911 1234567', 'GB')).toBe(true);
    expect(isMobileTooLong('6123456789', 'FR')).toBe(true);
  });

  it('falls back to the mobile input limit of 20 for an unknown country', () => {
    expect(isMobileTooLong('1'.repeat(20), 'XX')).toBe(false);
    expect(isMobileTooLong('1'.repeat(21), 'XX')).toBe(true);
  });
});

describe('phone form rule', () => {
  it('accepts seven characters or more after clean-up', () => {
    expect(checkPhone('555-0123')).toBeNull();
    expect(phoneSchema.parse('+1 613 555 0123')).toBe('+1 613 555 0123');
  });

  it('asks for a value when empty', () => {
    expect(checkPhone('  ')).toBe('validation.required');
    expect(messages(phoneSchema, undefined)).toEqual(['validation.required']);
  });

  it('refuses fewer than seven characters once cleaned', () => {
    expect(checkPhone('55-01-23')).toBe('validation.invalid_phone');
    expect(checkPhone('phone 123')).toBe('validation.invalid_phone');
  });
});

describe('international phone (API)', () => {
  it('accepts a valid +number', () => {
    expect(isValidInternationalPhone('+44 7911 123456')).toBe(true);
    expect(messages(internationalPhoneSchema, '+16135550123')).toEqual([]);
  });

  it('refuses a national or invalid number', () => {
    expect(isValidInternationalPhone('07911 123456')).toBe(false);
    expect(isValidInternationalPhone('+44 7911')).toBe(false);
    expect(messages(internationalPhoneSchema, '07911 123456')).toEqual([
      'validation.phone_international',
    ]);
    expect(messages(internationalPhoneSchema, '123')).toEqual(['validation.invalid_phone']);
  });

  it('turns a number typed for a country into E.164', () => {
    expect(toInternationalPhone('07911 123456', 'GB')).toBe('+447911123456');
    expect(toInternationalPhone('12', 'GB')).toBeNull();
    expect(toInternationalPhone('07911 123456', 'XX')).toBeNull();
  });
});
