import { describe, expect, it } from 'vitest';
import { MONITORING_COUNTRIES } from '../constants.ts';
import { cardBrand } from './card-number.ts';
import { checkMonitoredValue, identifierCountry, normalizeIdentifier } from './identifiers.ts';

const ALL = MONITORING_COUNTRIES;

describe('monitored identifiers (spec 1 §5, issue 29)', () => {
  it('requires a value', () => {
    expect(checkMonitoredValue('PASSPORT', undefined, ALL)).toBe('validation.required');
    expect(checkMonitoredValue('EMAIL_ADDRESS', '  ', ALL)).toBe('validation.required');
  });

  it('checks email addresses with the email rule', () => {
    expect(checkMonitoredValue('EMAIL_ADDRESS', 'uma@example.com', ALL)).toBeNull();
    expect(checkMonitoredValue('EMAIL_ADDRESS', 'uma@', ALL)).toBe('validation.inv_email');
  });

  it('checks a Canadian SIN with its Luhn digit', () => {
    expect(checkMonitoredValue('NATIONAL_ID', '046 454 286', ['CA'])).toBeNull();
    expect(checkMonitoredValue('NATIONAL_ID', '046 454 287', ['CA'])).toBe(
      'validation.invalidNationalId',
    );
  });

  it('checks a UK National Insurance number', () => {
    expect(checkMonitoredValue('NATIONAL_ID', 'AB 12 34 56 C', ['GB'])).toBeNull();
    expect(checkMonitoredValue('NATIONAL_ID', 'BG 12 34 56 C', ['GB'])).toBe(
      'validation.invalidNationalId',
    );
  });

  it('checks a Spanish DNI and NIE with their check letter', () => {
    expect(checkMonitoredValue('NATIONAL_ID', '12345678Z', ['ES'])).toBeNull();
    expect(checkMonitoredValue('NATIONAL_ID', '12345678A', ['ES'])).toBe(
      'validation.invalidNationalId',
    );
    expect(checkMonitoredValue('NATIONAL_ID', 'X1234567L', ['ES'])).toBeNull();
    expect(checkMonitoredValue('NATIONAL_ID', 'X1234567A', ['ES'])).toBe(
      'validation.invalidNationalId',
    );
  });

  it('checks a French NIR with its key', () => {
    expect(checkMonitoredValue('NATIONAL_ID', '2 95 10 99 126 111 93', ['FR'])).toBeNull();
    expect(checkMonitoredValue('NATIONAL_ID', '2 95 10 99 126 111 94', ['FR'])).toBe(
      'validation.invalidNationalId',
    );
  });

  it("accepts a value valid in one of the partner's countries only", () => {
    // A Spanish DNI is no national id in a Canadian-only portal.
    expect(checkMonitoredValue('NATIONAL_ID', '12345678Z', ['CA', 'US'])).toBe(
      'validation.invalidNationalId',
    );
    expect(identifierCountry('NATIONAL_ID', '12345678Z', ALL)).toBe('ES');
    expect(identifierCountry('NATIONAL_ID', '2 95 10 99 126 111 93', ALL)).toBe('FR');
    // Nine digits with a good Luhn digit are a SIN and an SSN alike: no one country.
    expect(identifierCountry('NATIONAL_ID', '046-454-286', ALL)).toBeNull();
    expect(identifierCountry('NATIONAL_ID', '046-454-286', ['CA', 'GB'])).toBe('CA');
  });

  it('checks passports against each country’s pattern', () => {
    expect(checkMonitoredValue('PASSPORT', '925076473', ['GB'])).toBeNull();
    expect(checkMonitoredValue('PASSPORT', 'GB92507647', ['GB'])).toBe(
      'validation.invalidPassport',
    );
    expect(checkMonitoredValue('PASSPORT', 'AB123456', ['CA'])).toBeNull();
    expect(checkMonitoredValue('PASSPORT', '12AB34567', ['FR'])).toBeNull();
    expect(checkMonitoredValue('PASSPORT', 'ABC123', ALL)).toBe('validation.invalidPassport');
  });

  it('checks driving licences where a format is published', () => {
    // Ontario: a letter and 14 digits.
    expect(checkMonitoredValue('DRIVING_LICENCE', 'A12341234512345', ['CA'])).toBeNull();
    // DVLA: five of the surname, birth decade, month (+50), day, year, initials, check, letters.
    expect(checkMonitoredValue('DRIVING_LICENCE', 'MORGA753116SM9IJ', ['GB'])).toBeNull();
    expect(checkMonitoredValue('DRIVING_LICENCE', 'MORGA7531', ['GB'])).toBe(
      'validation.invalidDrivingLicence',
    );
  });

  it('checks health numbers', () => {
    expect(checkMonitoredValue('MEDICAL_ID', '943 476 5919', ['GB'])).toBeNull();
    expect(checkMonitoredValue('MEDICAL_ID', '943 476 5918', ['GB'])).toBe(
      'validation.invalidMedicalId',
    );
    expect(checkMonitoredValue('MEDICAL_ID', '9698 658 215', ['CA'])).toBeNull();
  });

  it('checks phone numbers for the partner’s countries', () => {
    expect(checkMonitoredValue('PHONE_NUMBER', '+44 7911 123456', ['GB'])).toBeNull();
    expect(checkMonitoredValue('PHONE_NUMBER', '(416) 155-0199', ['CA'])).toBe(
      'validation.invalidPhoneNumber',
    );
    expect(checkMonitoredValue('PHONE_NUMBER', '(613) 555-0199', ['CA'])).toBeNull();
    expect(checkMonitoredValue('PHONE_NUMBER', '12', ALL)).toBe('validation.invalidPhoneNumber');
  });

  it('checks IBANs with their check digits, and card numbers with Luhn', () => {
    expect(checkMonitoredValue('IBAN', 'GB29 NWBK 6016 1331 9268 19', ALL)).toBeNull();
    expect(checkMonitoredValue('IBAN', 'GB29 NWBK 6016 1331 9268 18', ALL)).toBe(
      'validation.invalid',
    );
    expect(checkMonitoredValue('CARD', '4242 4242 4242 4242', ALL)).toBeNull();
    expect(checkMonitoredValue('CARD', '4242 4242 4242 4241', ALL)).toBe(
      'validation.invalidCardNumber',
    );
    expect(cardBrand('4242424242424242')).toBe('visa');
  });

  it('normalises each type to the one form it is hashed in', () => {
    expect(normalizeIdentifier('EMAIL_ADDRESS', ' Uma.User@Example.COM ')).toBe(
      'uma.user@example.com',
    );
    expect(normalizeIdentifier('PHONE_NUMBER', '07911 123456', ['GB'])).toBe('+447911123456');
    expect(normalizeIdentifier('PHONE_NUMBER', '+44 7911-123456')).toBe('+447911123456');
    expect(normalizeIdentifier('CARD', '4242-4242 4242 4242')).toBe('4242424242424242');
    expect(normalizeIdentifier('PASSPORT', 'ab 123-456')).toBe('AB123456');
  });
});
