import {
  AsYouType,
  Metadata,
  getCountryCallingCode,
  isSupportedCountry,
  isValidPhoneNumber,
  type CountryCode,
} from 'libphonenumber-js/max';
import { z } from 'zod';
import { FORMATTED_INPUT_MAX, MOBILE_MAX_LENGTH, PHONE_MIN_LENGTH } from '../constants.ts';
import { addRuleIssue } from './message.ts';

/** Spec 1 §5 "Phone", spec 2 §5 "Add passenger". */
export const phoneValidationKeys = [
  'validation.required',
  'validation.invalid_phone',
  'validation.phone_international',
] as const;

/** Keeps digits and '+' only. */
export const cleanPhone = (value: string): string => value.replace(/[^\d+]/g, '');

const countryCode = (iso2: string): CountryCode | null => {
  const upper = iso2.toUpperCase();
  return isSupportedCountry(upper) ? upper : null;
};

/** The calling code without '+', e.g. '44' for GB; null for an unknown country. */
export const callingCode = (countryIso2: string): string | null => {
  const country = countryCode(countryIso2);
  return country ? getCountryCallingCode(country) : null;
};

/** The mobile-type part of the 'max' metadata; not in libphonenumber's public typings. */
type PlanWithTypes = { type(name: 'MOBILE'): { possibleLengths(): number[] } | undefined };

/** The longest national mobile number of a country, in digits; null for an unknown country. */
export const mobileMaxDigits = (countryIso2: string): number | null => {
  const country = countryCode(countryIso2);
  if (!country) return null;
  const metadata = new Metadata();
  metadata.selectNumberingPlan(country);
  const plan = metadata.numberingPlan;
  if (!plan) return null;
  const lengths =
    (plan as unknown as PlanWithTypes).type('MOBILE')?.possibleLengths() ?? plan.possibleLengths();
  return Math.max(...lengths);
};

/**
 * Whether a country-coded mobile input holds more digits than any mobile number of that
 * country, so the input can refuse the keystroke. The national prefix ('0' in GB) and a
 * typed '+{calling code}' are not counted.
 */
export const isMobileTooLong = (value: string, countryIso2: string): boolean => {
  const cleaned = cleanPhone(value);
  const country = countryCode(countryIso2);
  const max = country ? mobileMaxDigits(country) : null;
  if (!country || max === null) return cleaned.length > MOBILE_MAX_LENGTH;
  const typing = new AsYouType(country);
  typing.input(cleaned);
  const national = typing.getNumber()?.nationalNumber ?? cleaned.replace(/\D/g, '');
  return national.length > max;
};

/** Whether the value is a complete '+…' number valid for its country, as the API stores it. */
export const isValidInternationalPhone = (value: string): boolean => {
  const cleaned = cleanPhone(value);
  return cleaned.startsWith('+') && isValidPhoneNumber(cleaned);
};

/** The E.164 form of a number typed for a country, or null when it is not valid there. */
export const toInternationalPhone = (value: string, countryIso2: string): string | null => {
  const country = countryCode(countryIso2);
  if (!country) return null;
  const typing = new AsYouType(country);
  typing.input(cleanPhone(value));
  const number = typing.getNumber();
  return number?.isValid() ? number.number : null;
};

export const checkPhone = (value: string | null | undefined): string | null => {
  if (!value?.trim()) return 'validation.required';
  if (cleanPhone(value).length < PHONE_MIN_LENGTH) return 'validation.invalid_phone';
  return null;
};

/** Form rule: required and at least 7 characters once cleaned. */
export const phoneSchema = z
  .string({ error: 'validation.required' })
  .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_phone', abort: true })
  .superRefine((value, ctx) => addRuleIssue(ctx, checkPhone(value)));

/** API rule for stored numbers: the form rule plus a valid international number. */
export const internationalPhoneSchema = z
  .string({ error: 'validation.required' })
  .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_phone', abort: true })
  .superRefine((value, ctx) =>
    addRuleIssue(
      ctx,
      checkPhone(value) ??
        (isValidInternationalPhone(value) ? null : 'validation.phone_international'),
    ),
  );
