import { minorDigits, toMajorUnits } from '../rules/minor-units.ts';
import { localeOfLanguage } from './languages.ts';

/**
 * How Tern writes money, numbers and dates (spec 2 §9), the one module for the web and the API,
 * on `Intl`. `language` is the reader's text language (i18n.language, a profile's language):
 * it is written in that language's locale (`mx` as `es-MX`), never the browser's or the
 * server's. A BCP 47 locale is taken as given.
 */

export interface MoneyOptions {
  /**
   * Decimals: the currency's own (2 for CAD, none for JPY) by default; `true` none, for the
   * figures spec 2 §9 shows whole (retention, applicable limit); `'if-exact'` none when the
   * amount is whole, so a promise reads CA$150 and a refund CA$12.50.
   */
  whole?: boolean | 'if-exact';
}

/** An amount held in integer minor units of `currency` (cents, pence, yen), in `language`. */
export function formatMoney(
  minorUnits: number,
  currency: string,
  language: string,
  options: MoneyOptions = {},
): string {
  const major = toMajorUnits(minorUnits, currency);
  const whole = options.whole === 'if-exact' ? Number.isInteger(major) : (options.whole ?? false);
  const decimals = whole ? 0 : minorDigits(currency);
  return new Intl.NumberFormat(localeOfLanguage(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(major);
}

/** A count or a number of points with the language's grouping: 12,500 / 12 500 / 12.500. */
export const formatNumber = (value: number, language: string): string =>
  new Intl.NumberFormat(localeOfLanguage(language)).format(value);

const ENGLISH_ORDINALS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/**
 * A date as spec 2 §9 shows it, "Do MMMM YYYY": 1st May 2026 in English, 1 de mayo de 2026 and
 * 1 mai 2026 in the others. Dates and date-times from the API are read in UTC so a date never
 * moves by a day; a value that is not a date is given back as it came.
 */
export function formatDate(iso: string, language: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = localeOfLanguage(language);
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if (!locale.startsWith('en')) return format.format(date);
  const part = (type: string) => format.formatToParts(date).find((p) => p.type === type)?.value;
  const day = Number(part('day'));
  const suffix = ENGLISH_ORDINALS[new Intl.PluralRules('en', { type: 'ordinal' }).select(day)];
  return `${day}${suffix ?? 'th'} ${part('month') ?? ''} ${part('year') ?? ''}`;
}

/** "YYYY-MM-DD HH:mm" in UTC (spec 2 §9), whatever the reader's time zone. */
export function formatDateTimeUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // The instant is shown in UTC itself, so its ISO form is the text.
  const utc = date.toISOString();
  return `${utc.slice(0, 10)} ${utc.slice(11, 16)}`;
}
