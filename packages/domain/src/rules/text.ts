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
 * count too: a JSON column stores them. Walked with a stack of its own, not by recursion: a
 * request body nested 100,000 levels deep must be answered 400, not overflow the call stack.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  // Each part knows its parent, so a path is built only for the part that is found.
  type Part = { value: unknown; key: string; parent: Part | undefined };
  const pathOf = (part: Part | undefined) => {
    const keys: string[] = [];
    for (let at = part; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Part[] = [{ value, key: '', parent: undefined }];
  while (stack.length > 0) {
    const part = stack.pop()!;
    if (part.parent && !isStorableText(part.key)) return pathOf(part);
    if (typeof part.value === 'string') {
      if (!isStorableText(part.value)) return pathOf(part);
      continue;
    }
    if (typeof part.value !== 'object' || part.value === null) continue;
    const entries = Object.entries(part.value);
    // Reversed onto the stack: the first entry comes off first, as the path reads.
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i]![1], key: entries[i]![0], parent: part });
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
