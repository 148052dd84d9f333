import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants.ts';
import { addRuleIssue, type RuleMessage } from './message.ts';

/** Spec 1 §5: text inputs default to 50 characters (mobile numbers to MOBILE_MAX_LENGTH). */
export const textValidationKeys = ['validation.required', 'validation.max_length'] as const;

export type TextRule = { max?: number; required?: boolean };

export const checkText = (
  value: string | null | undefined,
  { max = TEXT_MAX_LENGTH, required = true }: TextRule = {},
): RuleMessage | null => {
  const text = value ?? '';
  if (required && !text.trim()) return { key: 'validation.required' };
  if (text.length > max) return { key: 'validation.max_length', values: { max } };
  return null;
};

/** A text field; an optional one still accepts '' (what an empty input holds). */
export const textSchema = (rule: TextRule = {}) =>
  z
    .string({ error: 'validation.required' })
    .superRefine((value, ctx) => addRuleIssue(ctx, checkText(value, rule)));
