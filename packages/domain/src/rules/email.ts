import isEmail from 'validator/lib/isEmail.js';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants.ts';
import { addRuleIssue } from './message.ts';

/** Spec 1 §5 "Email". */
export const emailValidationKeys = [
  'validation.required',
  'validation.email_no_spaces',
  'validation.inv_email',
] as const;

/**
 * Spec 1 §5 wants validator's check AND a format pattern; the pattern pins one `@` and a
 * dotted domain ending in a top-level domain of two or more letters.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.\p{L}{2,}$/u;

export const checkEmail = (value: string | null | undefined): string | null => {
  if (!value) return 'validation.required';
  if (/\s/.test(value)) return 'validation.email_no_spaces';
  if (value.length > EMAIL_MAX_LENGTH || !isEmail(value) || !EMAIL_PATTERN.test(value))
    return 'validation.inv_email';
  return null;
};

/** How an address is stored and compared: accounts are one per address, whatever its case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const emailSchema = z
  .string({ error: 'validation.required' })
  .superRefine((value, ctx) => addRuleIssue(ctx, checkEmail(value)))
  // Enforced by checkEmail; stated for the API's schemas.
  .meta({ maxLength: EMAIL_MAX_LENGTH });
