import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONITORING_COUNTRIES } from '../constants.ts';
import { CARD_NUMBER_INPUT_MAX, cardNumberProblem } from './card-number.ts';
import { checkMonitoredValue } from './identifiers.ts';

/** `body` completed with its Luhn check digit: a number that passes the checksum. */
function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('the card number rule (the frame’s, the vault’s, the item’s)', () => {
  it('takes the networks’ test numbers, typed with spaces or dashes', () => {
    for (const number of [
      '4242 4242 4242 4242',
      '5555-5555-5555-4444',
      '378282246310005',
      ' 6011 1111 1111 1117 ',
      '3566002020360505',
    ])
      expect(cardNumberProblem(number), number).toBeNull();
  });

  it('refuses a wrong check digit, letters, an unknown range and a short number', () => {
    for (const number of ['4242 4242 4242 4241', '4242x4242x4242x4242', '1234567812345670', '4242'])
      expect(cardNumberProblem(number), number).toBe('validation.invalidCardNumber');
  });

  it('asks for a number when there is none', () => {
    for (const number of ['', '   ']) expect(cardNumberProblem(number)).toBe('validation.required');
  });

  it('takes a Visa number with its Luhn digit and refuses it with any other last digit', () => {
    const visa = fc.stringMatching(/^\d{14}$/).map((rest) => withCheckDigit(`4${rest}`));
    fc.assert(
      fc.property(visa, fc.integer({ min: 1, max: 9 }), (number, shift) => {
        expect(cardNumberProblem(number)).toBeNull();
        const last = (Number(number.at(-1)) + shift) % 10;
        expect(cardNumberProblem(`${number.slice(0, -1)}${last}`)).toBe(
          'validation.invalidCardNumber',
        );
      }),
      { numRuns: 500 },
    );
  });

  it('is the item rule for cards', () => {
    for (const number of ['4242 4242 4242 4242', '4242 4242 4242 4241', ''])
      expect(checkMonitoredValue('CARD', number, MONITORING_COUNTRIES)).toBe(
        cardNumberProblem(number),
      );
  });

  it('leaves room in the field for the longest number (19 digits) in groups of four', () => {
    const longest = withCheckDigit('400000000000000000');
    expect(cardNumberProblem(longest)).toBeNull();
    expect(longest.replace(/(\d{4})(?=\d)/g, '$1 ').length).toBeLessThanOrEqual(
      CARD_NUMBER_INPUT_MAX,
    );
  });
});
