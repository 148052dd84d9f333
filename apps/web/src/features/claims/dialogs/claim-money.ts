import { localeOfLanguage } from '@tern/domain/i18n/languages';
import { checkAmount, parseAmount } from '@tern/domain/rules/currency';
import { minorDigits } from '@tern/domain/rules/minor-units';

/** The decimals typed after the separator that counts (the last ',' or '.'), as parseAmount reads it. */
const typedDecimals = (text: string): number => {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const at = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  return at < 0 ? 0 : compact.length - at - 1;
};

/**
 * A typed amount in integer minor units of `currency`: comma or dot, whichever comes last, is
 * the decimal separator (spec 2 §5). Null when it is not a number, or has more decimals than
 * the currency — "1,234" in pounds is then refused rather than quietly read as £1.23.
 */
export function toMinorUnits(text: string, currency: string): number | null {
  const major = parseAmount(text);
  const digits = minorDigits(currency);
  if (major === null || typedDecimals(text) > digits) return null;
  // Rounded: 1234.56 × 100 is 123455.99999999999 in floating point.
  return Math.round(major * 10 ** digits);
}

/**
 * A figure as an amount input is prefilled with: major units with the currency's decimals and
 * the language's decimal separator, no grouping (the customer edits it; toMinorUnits reads it back).
 */
export function amountText(minorUnits: number, currency: string, language: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(localeOfLanguage(language), {
    useGrouping: false,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minorUnits / 10 ** digits);
}

/**
 * Why a typed revenue is refused, as a `validation` key, or null: required, a number
 * (validation.invalid_number), and from 0 to `max` minor units (validation.invalid).
 */
export function checkRevenue(text: string, currency: string, max: number): string | null {
  const problem = checkAmount(text);
  if (problem) return problem;
  const minor = toMinorUnits(text, currency);
  if (minor === null) return 'validation.invalid_number';
  return minor < 0 || minor > max ? 'validation.invalid' : null;
}
