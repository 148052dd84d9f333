import cardValidator from 'card-validator';

/**
 * The card number rule (spec 1 §4 card capture events, §5): the card vault's frame runs it as
 * the user types, the vault again when the number arrives, the item rules for CARD too. A
 * module of its own, on card-validator alone, so the frame's small bundle can carry it without
 * the other identifiers' checks (libphonenumber's metadata among them).
 */

/** Characters the field takes: 19 digits (the longest card number) and separators between. */
export const CARD_NUMBER_INPUT_MAX = 23;

export type CardNumberProblem = 'validation.required' | 'validation.invalidCardNumber';

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Why a typed card number cannot be tokenised, or null when it can (Luhn and a known brand). */
export function cardNumberProblem(value: string | undefined): CardNumberProblem | null {
  const typed = value?.trim() ?? '';
  if (!typed) return 'validation.required';
  return /^[\d\s-]+$/.test(typed) && cardValidator.number(digitsOf(typed)).isValid
    ? null
    : 'validation.invalidCardNumber';
}

/** The card brand card-validator reads from a number ("visa", "mastercard"…), or null. */
export const cardBrand = (number: string): string | null =>
  cardValidator.number(digitsOf(number)).card?.type ?? null;
