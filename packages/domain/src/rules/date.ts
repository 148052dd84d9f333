import { z } from 'zod';
import { DATE_MAX_YEAR, DATE_MIN_YEAR, FORMATTED_INPUT_MAX } from '../constants.ts';
import { localTimeWithOffset, parseWallClock } from './local-time.ts';
import { addRuleIssue, type RuleMessage } from './message.ts';

/** Spec 1 §5 "Date fields". `disabled_after`/`disabled_before` interpolate `{{date}}`. */
export const dateValidationKeys = [
  'validation.required',
  'validation.invalid_date',
  'validation.disabled_past',
  'validation.disabled_after',
  'validation.disabled_before',
] as const;

/** Dates are 'YYYY-MM-DD'; date-times 'YYYY-MM-DDTHH:mm' (a space instead of 'T' is accepted). */
export type DateRule = {
  required?: boolean;
  disablePast?: boolean;
  min?: string;
  max?: string;
  /** 'YYYY-MM-DD' for dates, 'YYYY-MM-DDTHH:mm' for date-times; the local clock when absent. */
  today?: string;
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const MIN_DAY = `${pad(DATE_MIN_YEAR, 4)}-01-01`;
const MAX_DAY = `${pad(DATE_MAX_YEAR, 4)}-12-31`;

/** Today and now from the local clock: only used when a caller injects nothing. */
const localNow = (): string => localTimeWithOffset(new Date()).slice(0, 16);

const check = (
  value: string | null | undefined,
  rule: DateRule,
  withTime: boolean,
): RuleMessage | null => {
  if (!value?.trim()) return rule.required ? { key: 'validation.required' } : null;
  const at = parseWallClock(value);
  if (!at) return { key: 'validation.invalid_date' };
  // A plain date compares by day, a date-time by minute; a plain-date max includes its whole day.
  const cut = (s: string) => (withTime ? s : s.slice(0, 10));
  const bound = (s: string, endOfDay: boolean) =>
    cut(parseWallClock(s.length === 10 && endOfDay ? `${s}T23:59` : s) ?? s);
  const min = bound(rule.min ?? MIN_DAY, false);
  const max = bound(rule.max ?? MAX_DAY, true);
  const now = cut(parseWallClock(rule.today ?? '') ?? localNow());
  if (rule.disablePast && cut(at) < now) return { key: 'validation.disabled_past' };
  if (cut(at) < min) return { key: 'validation.disabled_before', values: { date: min } };
  if (cut(at) > max) return { key: 'validation.disabled_after', values: { date: max } };
  return null;
};

/** A date field; bounds default to 0001-01-01 … 9999-12-31. */
export const checkDate = (
  value: string | null | undefined,
  rule: DateRule = {},
): RuleMessage | null => check(value, rule, false);

/** A date-time field: past, min and max compare to the minute. */
export const checkDateTime = (
  value: string | null | undefined,
  rule: DateRule = {},
): RuleMessage | null => check(value, rule, true);

export const dateSchema = (rule: DateRule = {}) =>
  z
    .string({ error: 'validation.required' })
    .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_date', abort: true })
    .superRefine((value, ctx) => addRuleIssue(ctx, checkDate(value, rule)));

export const dateTimeSchema = (rule: DateRule = {}) =>
  z
    .string({ error: 'validation.required' })
    .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_date', abort: true })
    .superRefine((value, ctx) => addRuleIssue(ctx, checkDateTime(value, rule)));
