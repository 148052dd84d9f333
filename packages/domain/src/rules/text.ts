import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants.ts';
import { addRuleIssue, type RuleMessage } from './message.ts';

/** Spec 1 §5: text inputs default to 50 characters (mobile numbers to MOBILE_MAX_LENGTH). */
export const textValidationKeys = [
  'validation.required',
  'validation.max_length',
  'validation.invalid',
] as const;

export type TextRule = { max?: number; required?: boolean };

/**
 * Text that cannot be stored or sent on is refused where it arrives — every request's path,
 * query and body (the API checks them all with this rule), a single sign-on token's claims,
 * every text field — with a field error, never a 500:
 * - NUL (U+0000), which PostgreSQL cannot store in text or JSON;
 * - a lone (unpaired) UTF-16 surrogate, which is no character at all: UTF-8 cannot encode it,
 *   so the database driver would silently store U+FFFD in its place, and what encodes text as
 *   UTF-8 (an authenticator's otpauth link, a QR code, a URL) throws on it. A pair, as in
 *   an emoji, is one character and is fine.
 */
const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (text: string): boolean =>
  !text.includes(NUL) && !LONE_SURROGATE.test(text);

/**
 * Where in `value` (parsed JSON, a query, path parameters) the first text that cannot be
 * stored is, as a field path (`comms.0.commsId`; '' for `value` itself), or undefined. Keys
 * count too: a JSON column stores them.
 */
export function unstorableTextPath(
  value: unknown,
  path: readonly string[] = [],
): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.');
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (!isStorableText(key)) return at.join('.');
    const found = unstorableTextPath(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const checkText = (
  value: string | null | undefined,
  { max = TEXT_MAX_LENGTH, required = true }: TextRule = {},
): RuleMessage | null => {
  const text = value ?? '';
  if (!isStorableText(text)) return { key: 'validation.invalid' };
  if (required && !text.trim()) return { key: 'validation.required' };
  if (text.length > max) return { key: 'validation.max_length', values: { max } };
  return null;
};

/** A text field; an optional one still accepts '' (what an empty input holds). */
export const textSchema = (rule: TextRule = {}) =>
  z
    .string({ error: 'validation.required' })
    .superRefine((value, ctx) => addRuleIssue(ctx, checkText(value, rule)))
    // Enforced by checkText; stated for the API's schemas.
    .meta({ maxLength: rule.max ?? TEXT_MAX_LENGTH });
