import { localeOfLanguage } from '@tern/domain/i18n/languages';

/** How the claims pages write what `@tern/domain/i18n/format` has no writer for. */

/** A percent as the reader's language writes it: 12.5 → "12.5%" (en), "12,5 %" (fr). */
export const formatPercent = (percent: number, language: string): string =>
  new Intl.NumberFormat(localeOfLanguage(language), {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percent / 100);

/** A claim month: { year: 2027, month: 3 } → "March 2027" (en), "mars 2027" (fr). */
export const formatMonth = ({ year, month }: { year: number; month: number }, language: string) =>
  new Intl.DateTimeFormat(localeOfLanguage(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));

/** What the claims pages show for a detail the claim does not have (spec 2 §2.6). */
export const MISSING = '---';
