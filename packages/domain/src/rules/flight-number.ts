import { z } from 'zod';
import {
  FLIGHT_NUMBER_MAX_LENGTH,
  FLIGHT_NUMBER_MIN_LENGTH,
  FORMATTED_INPUT_MAX,
} from '../constants.ts';
import { addRuleIssue } from './message.ts';

/** Spec 2 §5 "Flight number". */
export const flightNumberValidationKeys = [
  'validation.required',
  'validation.flight_number_missing_letter',
  'validation.invalid_flight_number',
] as const;

/**
 * Airline code — two characters (letters, digits, '_' or '*', not two digits) or a
 * three-letter code — then 1 to 4 digits and an optional suffix letter.
 */
const FLIGHT_NUMBER_PATTERN = /^(?:[A-Z0-9_*]{2}|[A-Z_*]{3})\d{1,4}[A-Z]?$/i;

/** Flight numbers are sent upper-case. */
export const normaliseFlightNumber = (value: string): string => value.trim().toUpperCase();

export const checkFlightNumber = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  if (!text) return 'validation.required';
  // "12345" is a flight number whose airline code was forgotten: say so, not just "invalid".
  if (/^\d{2}/.test(text)) return 'validation.flight_number_missing_letter';
  const fits = text.length >= FLIGHT_NUMBER_MIN_LENGTH && text.length <= FLIGHT_NUMBER_MAX_LENGTH;
  if (!fits || !FLIGHT_NUMBER_PATTERN.test(text)) return 'validation.invalid_flight_number';
  return null;
};

/** Trims and upper-cases what it accepts (an overwrite, so it stays representable in OpenAPI). */
export const flightNumberSchema = z
  .string({ error: 'validation.required' })
  // Before the trim: spaces around a number are taken, but not without end.
  .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_flight_number', abort: true })
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => addRuleIssue(ctx, checkFlightNumber(value)));
