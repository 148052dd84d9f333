import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMonitoredValue, MONITORING_COUNTRIES } from '@tern/domain';
import { CARD_NUMBER_INPUT_MAX, cardNumberProblem } from './card-number.ts';

const domainRule = (value: string) => checkMonitoredValue('CARD', value, MONITORING_COUNTRIES);

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

describe('the frame’s card number check', () => {
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

  it('answers as the domain’s rule does, which the vault applies again', () => {
    const typed = fc.string({
      unit: fc.constantFrom(...'0123456789 -x./'.split('')),
      maxLength: CARD_NUMBER_INPUT_MAX,
    });
    // Numbers that pass Luhn, in the networks' ranges and out of them.
    const luhn = fc
      .tuple(fc.constantFrom('4', '51', '2221', '34', '37', '6011', '35', '9'), fc.nat())
      .chain(([prefix]) =>
        fc
          .stringMatching(/^\d{11,17}$/)
          .map((rest) => withCheckDigit(`${prefix}${rest}`.slice(0, 18))),
      );
    // The generator reaches the valid side too, not only refusals.
    expect(
      fc.sample(luhn, 500).filter((value) => cardNumberProblem(value) === null).length,
    ).toBeGreaterThan(50);
    fc.assert(
      fc.property(fc.oneof(typed, luhn), (value) => {
        expect(cardNumberProblem(value)).toBe(domainRule(value));
      }),
      { numRuns: 2000 },
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
