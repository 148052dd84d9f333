import {
  LANGUAGES,
  PSEUDO_LANGUAGE,
  STANDARD_LANGUAGES,
  TEXT_LANGUAGE_LOCALES,
  TRANSLATION_LANGUAGES,
  type Language,
  type TextLanguage,
  type TranslationLanguage,
} from '../constants.ts';
import { localeLanguage } from '../rules/locale.ts';

/** The languages of the portal's texts (spec 2 §9), for the web and the API alike. */
export const isTranslationLanguage = (value: unknown): value is TranslationLanguage =>
  (TRANSLATION_LANGUAGES as readonly unknown[]).includes(value);

export const isTextLanguage = (value: unknown): value is TextLanguage =>
  value === PSEUDO_LANGUAGE || isTranslationLanguage(value);

/** Where a language's missing texts come from, in order: its standard language, then pseudo. */
export function fallbacksOf(language: TextLanguage): TextLanguage[] {
  if (language === PSEUDO_LANGUAGE) return [];
  if (language === 'en') return [PSEUDO_LANGUAGE];
  const standard = STANDARD_LANGUAGES[language];
  return standard ? [standard, ...fallbacksOf(standard)] : ['en', PSEUDO_LANGUAGE];
}

/** The BCP 47 locale a text language formats in: `mx` → `es-MX`; anything else as given. */
export const localeOfLanguage = (language: string): string =>
  isTextLanguage(language) ? TEXT_LANGUAGE_LOCALES[language] : language;

/** The ISO 639-1 code of a text language, as locales and profiles hold it: `mx` → `es`. */
export const isoLanguageOf = (language: string): string =>
  localeOfLanguage(language).slice(0, 2).toLowerCase();

/** The interface language (en, es, fr) a text language belongs to: `mx` → `es`, `de` → `en`. */
export const interfaceLanguageOf = (language: string): Language => {
  const iso = isoLanguageOf(language);
  return (LANGUAGES as readonly string[]).includes(iso) ? (iso as Language) : 'en';
};

/**
 * The text language of a user's locale, when there are texts in it: `es-MX` → `mx`, `fr-CA` →
 * `fr`, `de-DE` → `de`. The portal picks its start language and the server the language of
 * the messages it sends (emails, SMS) by this one mapping.
 */
export const uiLanguageOf = (locale: string): TranslationLanguage | undefined => {
  const exact = (Object.keys(TEXT_LANGUAGE_LOCALES) as TextLanguage[]).find(
    (language) =>
      language !== PSEUDO_LANGUAGE &&
      TEXT_LANGUAGE_LOCALES[language].toLowerCase() === locale.toLowerCase(),
  );
  if (exact && isTranslationLanguage(exact)) return exact;
  const code = localeLanguage(locale).toLowerCase();
  return isTranslationLanguage(code) ? code : undefined;
};
