import type { MonitoredDataType } from '../constants.ts';
import { normalizeEmail } from './email.ts';

/**
 * Masking of personal data shown back to a user (spec 1 §5 "Display value rule on save").
 * The mask has a fixed length so it does not reveal how long the hidden part is.
 */
export const MASK = '****';
/** The characters a masked value still shows: the last ones of a number. */
export const MASK_VISIBLE = 4;
const VISIBLE = MASK_VISIBLE;
/** The first characters of an email address's local part a masked address shows. */
export const MASK_EMAIL_VISIBLE = 2;

/** `****` plus the last four characters (spaces and dashes ignored); short values hide fully. */
export const maskTail = (value: string, visible = VISIBLE): string => {
  const compact = value.replace(/[\s-]/g, '');
  // A value no longer than what would show would be shown whole: hide it entirely.
  if (compact.length <= visible) return MASK;
  return MASK + compact.slice(-visible);
};

/** The first two characters of the local part, the mask, then the domain: `jo****@example.com`. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return MASK;
  const local = email.slice(0, at);
  const head = local.length > MASK_EMAIL_VISIBLE ? local.slice(0, MASK_EMAIL_VISIBLE) : '';
  return `${head}${MASK}${email.slice(at)}`;
};

/** A card number as the capture frame shows it after tokenising: `**** 4242`. */
export const maskCard = (digits: string): string => {
  const compact = digits.replace(/\D/g, '');
  return compact.length > VISIBLE ? `${MASK} ${compact.slice(-VISIBLE)}` : MASK;
};

/** The display value stored for a monitored item; the plain value is never kept or answered. */
export const monitoredDisplayValue = (dataType: MonitoredDataType, value: string): string => {
  if (dataType === 'CARD') return maskCard(value);
  if (dataType === 'EMAIL_ADDRESS') return maskEmail(normalizeEmail(value));
  return maskTail(value);
};

/**
 * The shapes the masks above give, and nothing longer: `****`, `****1234`, `**** 1234`,
 * `jo****@example.com`. A value that merely contains the mask (`GB29NWBK6016****1331926819`)
 * still shows most of a number, so it does not count as masked.
 */
const MASKED = /^(?:\*{4} ?[^*\s]{0,4}|[^@*\s]{0,2}\*{4}@[^@*\s]+)$/;

/** True when a string has the shape of one of the masks above (responses are checked with it). */
export const isMasked = (value: string): boolean => MASKED.test(value);
