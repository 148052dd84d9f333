import isEmail from 'validator/lib/isEmail.js';
import { z } from 'zod';
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
  if (!isEmail(value) || !EMAIL_PATTERN.test(value)) return 'validation.inv_email';
  return null;
};

export const emailSchema = z
  .string({ error: 'validation.required' })
  .superRefine((value, ctx) => addRuleIssue(ctx, checkEmail(value)));
