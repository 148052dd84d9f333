import { DEFAULT_LOCALE } from '../constants.ts';

/**
 * Locales (`en-CA`): the user's language and country, read once here for the API, the web and
 * the messages Tern sends. Free of zod, so the portal's first download can use it.
 */

/** Spec 1 §3: a user's language is the upper-case part of the locale before the dash. */
export const localeLanguage = (locale: string): string =>
  (locale.split('-')[0] ?? '').toUpperCase();

/** The country of a locale (`en-CA` → `CA`), else that of the default locale. */
export const localeCountry = (locale: string): string =>
  locale.split('-')[1] ?? DEFAULT_LOCALE.split('-')[1]!;

/**
 * `fr`, `fr_CA`, `fr-ca` → `fr-CA` (OpenID and browser forms); a bare language takes the
 * country of `fallback`, which is also the answer for anything else.
 */
export function normalizeLocale(value: string | undefined, fallback: string): string {
  const match = value?.trim().match(/^([a-zA-Z]{2})(?:[-_]([a-zA-Z]{2}))?$/);
  if (!match) return fallback;
  const country = match[2] ?? localeCountry(fallback);
  return `${match[1]!.toLowerCase()}-${country.toUpperCase()}`;
}
