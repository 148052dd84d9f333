import { z } from 'zod';
import { addRuleIssue } from './message.ts';

/** Spec 1 §5 "Currency fields", spec 2 §5 "Revenue prediction". */
export const currencyValidationKeys = ['validation.required', 'validation.invalid_number'] as const;

/**
 * Reads a typed amount back. Whichever of ',' and '.' appears last is the decimal separator,
 * so both "1.234,5" and "1,234.5" give 1234.5; every other separator and any whitespace
 * (fr-CA groups with narrow spaces) is dropped. Null when it is not a number.
 */
export const parseAmount = (text: string): number | null => {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const decimalAt = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  const whole = compact.slice(0, Math.max(decimalAt, 0)).replace(/[.,]/g, '');
  const normalised = decimalAt < 0 ? compact : `${whole}.${compact.slice(decimalAt + 1)}`;
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normalised)) return null;
  return Number(normalised);
};

export const checkAmount = (text: string | null | undefined): string | null => {
  if (!text?.trim()) return 'validation.required';
  return parseAmount(text) === null ? 'validation.invalid_number' : null;
};

/** A required amount input, e.g. each month of a revenue prediction. */
export const amountSchema = z
  .string({ error: 'validation.required' })
  .superRefine((value, ctx) => addRuleIssue(ctx, checkAmount(value)));
