import cardValidator from 'card-validator';

/**
 * The card number check the frame runs as the user types: the domain's rule for CARD
 * (`checkMonitoredValue('CARD', …)`, which the vault applies again when the number arrives),
 * written against the same library. The domain's module carries every identifier's checks
 * (libphonenumber's metadata among them, about 160 KB gzipped); the frame's bundle takes only
 * card-validator. card-number.test.ts holds the two to the same answers.
 */

/** Characters the field takes: 19 digits (the longest card number) and separators between. */
export const CARD_NUMBER_INPUT_MAX = 23;

export type CardNumberProblem = 'validation.required' | 'validation.invalidCardNumber';

/** Why a typed card number cannot be tokenised, or null when it can. */
export function cardNumberProblem(value: string): CardNumberProblem | null {
  const typed = value.trim();
  if (!typed) return 'validation.required';
  return /^[\d\s-]+$/.test(typed) && cardValidator.number(typed.replace(/\D/g, '')).isValid
    ? null
    : 'validation.invalidCardNumber';
}
