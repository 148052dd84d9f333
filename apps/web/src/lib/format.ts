import { localeOfLanguage } from '@tern/domain/i18n/languages';
import { toMajorUnits } from '@tern/domain/rules/minor-units';

/**
 * How the portal writes dates and money (spec 2 §9), one module for every area, on `Intl`.
 * `language` is the text language (i18n.language): `mx` formats as `es-MX`.
 */
const ENGLISH_ORDINALS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/**
 * A date as spec 2 §9 shows it, "Do MMMM YYYY": 1st May 2026 in English, 1 de mayo de 2026 and
 * 1 mai 2026 in the others. Dates and date-times from the API are read in UTC so a date never
 * moves by a day.
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
  const day = date.getUTCDate();
  const suffix = ENGLISH_ORDINALS[new Intl.PluralRules('en', { type: 'ordinal' }).select(day)];
  return `${day}${suffix ?? 'th'} ${part('month') ?? ''} ${part('year') ?? ''}`;
}

/** "YYYY-MM-DD HH:mm" in UTC (spec 2 §9), whatever the browser's time zone. */
export function formatDateTimeUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)}`;
}

/**
 * An amount held in integer minor units, in the language's currency format: with 2 decimals
 * (spec 2 §9), or none for the figures the spec shows whole (retention, applicable limit).
 */
export function formatMoney(
  minorUnits: number,
  currency: string,
  language: string,
  options: { whole?: boolean } = {},
): string {
  const decimals = options.whole ? 0 : 2;
  return new Intl.NumberFormat(localeOfLanguage(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(toMajorUnits(minorUnits, currency));
}
