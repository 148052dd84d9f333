import { getMatches as drivingLicenceMatches } from 'driver-license-validator';
import { isValidIBAN } from 'ibantools';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import nhsNumber from 'nhs-number-validator';
import bcHealthNumber from 'stdnum/lib/cjs/ca/bc_bhn.js';
import sin from 'stdnum/lib/cjs/ca/sin.js';
import dni from 'stdnum/lib/cjs/es/dni.js';
import nie from 'stdnum/lib/cjs/es/nie.js';
import nss from 'stdnum/lib/cjs/es/nss.js';
import nir from 'stdnum/lib/cjs/fr/nir.js';
import nino from 'stdnum/lib/cjs/gb/nino.js';
import ssn from 'stdnum/lib/cjs/us/ssn.js';
import passportModule from 'validator/lib/isPassportNumber.js';
import {
  MONITORING_COUNTRIES,
  type MonitoredDataType,
  type MonitoringCountry,
} from '../constants.ts';
import { checkEmail, normalizeEmail } from '../rules/email.ts';
import { cardNumberProblem } from './card-number.ts';

/**
 * The identifiers a subscriber may have watched, checked against the real formats of the
 * partner's countries (spec 1 §5 "Monitored item", issue 29): kept libraries do the checking
 * (python-stdnum's port for national and health numbers, validator for passports,
 * driver-license-validator for North American licences, libphonenumber-js, ibantools,
 * card-validator); a value passes when it is valid in one of the partner's countries, and that
 * country is what its action plan speaks of.
 */

/**
 * validator's passport check. Its module sets `exports.default` without making it the module
 * itself (as isEmail does), so Node's own loader (tsx: the API, the CLI) hands the import over
 * as `{ default }` where bundlers hand the function: take the function either way.
 */
const isPassportNumber: (value: string, country: string) => boolean =
  typeof passportModule === 'function'
    ? passportModule
    : (passportModule as unknown as { default: typeof passportModule }).default;

/** A stdnum validator: `{ isValid }` for a value (spaces and dashes allowed). */
type StdnumCheck = { validate(value: string): { isValid: boolean } };
const stdnum =
  (...validators: StdnumCheck[]) =>
  (value: string) =>
    validators.some((v) => v.validate(value).isValid);

/**
 * Driving licences: the US states' and Canadian provinces' published formats through
 * driver-license-validator; Great Britain's DVLA number (16 characters: five of the surname,
 * the birth date with the month +50 for women, two initials, a check digit, two letters);
 * Spain prints the holder's DNI; France's 12-character permit number (two digits of the year,
 * two letters, six digits… as issued since 1975, letters and digits).
 */
const DVLA = /^[A-Z9]{5}\d[0156]\d[0-3]\d\d[A-Z9]{2}\d[A-Z]{2}$/;
const FRENCH_PERMIT = /^[0-9A-Z]{12}$/;
const licenceIn: Record<MonitoringCountry, (value: string) => boolean> = {
  US: (v) => drivingLicenceMatches(v, { country: 'US', ignoreCase: true }) !== null,
  CA: (v) => drivingLicenceMatches(v, { country: 'CA', ignoreCase: true }) !== null,
  GB: (v) => DVLA.test(v),
  ES: stdnum(dni),
  FR: (v) => FRENCH_PERMIT.test(v) && /\d/.test(v) && /[A-Z]/.test(v),
};

/** Per type and country: the check, on the value without spaces and dashes, upper-cased. */
const FORMATS: Partial<
  Record<MonitoredDataType, Partial<Record<MonitoringCountry, (value: string) => boolean>>>
> = {
  NATIONAL_ID: {
    CA: stdnum(sin),
    US: stdnum(ssn),
    GB: stdnum(nino),
    ES: stdnum(dni, nie),
    FR: stdnum(nir),
  },
  // Health numbers: British Columbia's PHN (stdnum), the NHS number (its mod-11 check), Spain's
  // social security number, France's NIR (the carte Vitale carries it).
  MEDICAL_ID: {
    CA: stdnum(bcHealthNumber),
    GB: (v) => nhsNumber.validate(v),
    ES: stdnum(nss),
    FR: stdnum(nir),
  },
  PASSPORT: {
    CA: (v) => isPassportNumber(v, 'CA'),
    US: (v) => isPassportNumber(v, 'US'),
    GB: (v) => isPassportNumber(v, 'GB'),
    ES: (v) => isPassportNumber(v, 'ES'),
    FR: (v) => isPassportNumber(v, 'FR'),
  },
  DRIVING_LICENCE: licenceIn,
};

/** The message of each type whose value has a format (spec 1 §5). */
export const MONITORED_VALUE_MESSAGES = {
  NATIONAL_ID: 'validation.invalidNationalId',
  MEDICAL_ID: 'validation.invalidMedicalId',
  DRIVING_LICENCE: 'validation.invalidDrivingLicence',
  PASSPORT: 'validation.invalidPassport',
  PHONE_NUMBER: 'validation.invalidPhoneNumber',
  CARD: 'validation.invalidCardNumber',
  OTHER_CARD: 'validation.invalid',
  IBAN: 'validation.invalid',
  BANK_ACCOUNT: 'validation.invalid',
} as const satisfies Partial<Record<MonitoredDataType, string>>;

/** A value as it is compared: no spaces, dots or dashes, upper-case (emails lower-case). */
const compact = (value: string) => value.replace(/[\s.\-/]/g, '').toUpperCase();
const digits = (value: string) => value.replace(/\D/g, '');

/**
 * The one form a value is kept and matched in (its keyed hash): a lower-cased email, an E.164
 * phone number, digits only for card and account numbers, upper-case for the rest.
 */
export function normalizeIdentifier(
  dataType: MonitoredDataType,
  value: string,
  countries: readonly MonitoringCountry[] = MONITORING_COUNTRIES,
): string {
  switch (dataType) {
    case 'EMAIL_ADDRESS':
      return normalizeEmail(value);
    case 'PHONE_NUMBER':
      return e164(value, countries) ?? digits(value);
    case 'CARD':
    case 'BANK_ACCOUNT':
      return digits(value);
    default:
      return compact(value);
  }
}

/** A phone number in E.164 form, read in the first of the countries where it is valid. */
function e164(value: string, countries: readonly MonitoringCountry[]): string | null {
  for (const country of value.trim().startsWith('+') ? [undefined] : countries) {
    try {
      const phone = parsePhoneNumberWithError(value, country);
      if (phone.isValid()) return phone.number;
    } catch {
      // Not a number in this country: try the next.
    }
  }
  return null;
}

/** The partner's countries in whose format a value is valid. */
function countriesOf(
  dataType: MonitoredDataType,
  value: string,
  countries: readonly MonitoringCountry[],
): MonitoringCountry[] {
  const formats = FORMATS[dataType];
  if (formats) {
    const v = compact(value);
    return countries.filter((country) => formats[country]?.(v) ?? false);
  }
  if (dataType === 'PHONE_NUMBER') {
    const number = e164(value, countries);
    return number ? countries.filter((c) => isValidPhoneNumber(number, c)) : [];
  }
  if (dataType === 'IBAN') {
    const iban = compact(value);
    const country = iban.slice(0, 2) as MonitoringCountry;
    return isValidIBAN(iban) && countries.includes(country) ? [country] : [];
  }
  return [];
}

/**
 * The country a value belongs to: the one of the partner's countries whose format it has, or
 * null when it has none or several (nine digits are a Canadian SIN and a US SSN alike) — its
 * action plan then names every partner country's offices.
 */
export function identifierCountry(
  dataType: MonitoredDataType,
  value: string,
  countries: readonly MonitoringCountry[],
): MonitoringCountry | null {
  const found = countriesOf(dataType, value, countries);
  return found.length === 1 ? found[0]! : null;
}

/** Account numbers: Canadian 7–12 digits, US 4–17, British 8: digits only, 4 to 17. */
const ACCOUNT_NUMBER = /^\d{4,17}$/;
/** Loyalty, store and membership cards: letters and digits, 4 to 30. */
const OTHER_CARD = /^[0-9A-Z]{4,30}$/;

/**
 * Why a value cannot be monitored (a `validation.*` key), or null when it can. The same check
 * runs in the form and in the API (through `monitoredItemRequestSchema`).
 */
export function checkMonitoredValue(
  dataType: MonitoredDataType,
  value: string | undefined,
  countries: readonly MonitoringCountry[],
): string | null {
  if (!value?.trim()) return 'validation.required';
  switch (dataType) {
    case 'EMAIL_ADDRESS':
      return checkEmail(value.trim());
    case 'CARD':
      return cardNumberProblem(value);
    case 'BANK_ACCOUNT':
      return ACCOUNT_NUMBER.test(compact(value)) ? null : MONITORED_VALUE_MESSAGES.BANK_ACCOUNT;
    case 'OTHER_CARD':
      return OTHER_CARD.test(compact(value)) ? null : MONITORED_VALUE_MESSAGES.OTHER_CARD;
    case 'IBAN':
      // An IBAN from any country is an IBAN: a subscriber may bank abroad.
      return isValidIBAN(compact(value)) ? null : MONITORED_VALUE_MESSAGES.IBAN;
    default:
      return countriesOf(dataType, value, countries).length > 0
        ? null
        : MONITORED_VALUE_MESSAGES[dataType];
  }
}
