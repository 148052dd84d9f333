import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants.ts';
import { addRuleIssue, type RuleMessage } from './message.ts';

/** Spec 2 §5 "Add passenger" and "Lounge form". */
export const namesValidationKeys = [
  'validation.required',
  'validation.first_name',
  'validation.last_name',
  'validation.alphabetic',
  'validation.max_length',
] as const;

/** Letters of any script with their accents, hyphen, straight or curly apostrophe, space. */
const NAME_PATTERN = /^[\p{L}\p{M}'’ -]+$/u;

export const isAlphabeticName = (value: string): boolean => NAME_PATTERN.test(value);

/** `requiredKey` differs by form: the passenger form names the missing field, the lounge form does not. */
export const checkName = (
  value: string | null | undefined,
  requiredKey = 'validation.required',
): RuleMessage | null => {
  if (!value?.trim()) return { key: requiredKey };
  if (!isAlphabeticName(value)) return { key: 'validation.alphabetic' };
  if (value.length > TEXT_MAX_LENGTH)
    return { key: 'validation.max_length', values: { max: TEXT_MAX_LENGTH } };
  return null;
};

export const nameSchema = (requiredKey = 'validation.required') =>
  z
    .string({ error: requiredKey })
    .superRefine((value, ctx) => addRuleIssue(ctx, checkName(value, requiredKey)))
    // Enforced by checkName; stated for the API's schemas.
    .meta({ maxLength: TEXT_MAX_LENGTH });

export const firstNameSchema = nameSchema('validation.first_name');
export const lastNameSchema = nameSchema('validation.last_name');
