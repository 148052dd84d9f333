import { cardNumberProblem } from '@tern/domain';
import { isValidIBAN } from 'ibantools';

/**
 * Finds what must never be written to a log or kept in clear (issue 31 §8): card numbers,
 * IBANs, JSON web tokens (widget and SSO tokens), bearer credentials, and every value the
 * caller knows to be secret (decrypted identifiers, one-time codes, link ids, passwords).
 * A finding names its kind and where it is, with the value masked: the report of a leak must
 * not leak it again.
 */
export interface Leak {
  kind: string;
  /** The line (1-based) of the text it was found on. */
  line: number;
  /** The value's first two characters and its length. */
  masked: string;
}

/** A value known to be secret, and what it is (`password`, `one-time code`, `monitored`…). */
export interface KnownSecret {
  kind: string;
  value: string;
}

const mask = (value: string) => `${value.slice(0, 2)}…(${value.length})`;

/**
 * Card numbers: 13 to 19 digits, run together or in groups of four, Luhn and a known brand;
 * not a part of a longer word or number (a time's fraction of a millisecond).
 */
const CARD = /(?<![\w.-])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,7})(?![\w-]|\.\d)/g;
/** IBANs, electronic or in groups of four (checked by their check digits). */
const IBAN =
  /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])/g;
/** A JWS in compact form: a JSON header and a JSON payload, base64url, and a signature. */
const JWT = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{16,}/g;
/** An Authorization value that was not blanked. */
const BEARER = /bearer\s+(?!\[Redacted\])[\w.~+/=-]{16,}/gi;

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A known value as a pattern: digits stand alone (a code is not part of a longer number). */
const knownPattern = (value: string) =>
  new RegExp(
    /^\d+$/.test(value) ? `(?<!\\d)${escape(value)}(?!\\d)` : escape(value),
    /[a-z]/i.test(value) && !/\d/.test(value) ? 'gi' : 'g',
  );

export function findLeaks(text: string, known: readonly KnownSecret[] = []): Leak[] {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (index: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const leaks: Leak[] = [];
  const scan = (kind: string, pattern: RegExp, accept: (value: string) => boolean = () => true) => {
    for (const match of text.matchAll(pattern))
      if (accept(match[0])) leaks.push({ kind, line: lineOf(match.index), masked: mask(match[0]) });
  };
  scan('card number', CARD, (value) => cardNumberProblem(value) === null);
  scan('IBAN', IBAN, (value) => isValidIBAN(value.replace(/ /g, '')));
  scan('JSON web token', JWT);
  scan('bearer credential', BEARER);
  for (const { kind, value } of known) if (value.length >= 6) scan(kind, knownPattern(value));
  return leaks;
}
