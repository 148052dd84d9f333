import {
  DEFAULT_LOCALE,
  PSEUDO_LANGUAGE,
  TEXT_LANGUAGE_LOCALES,
  type TextLanguage,
  type TranslationLanguage,
} from '@tern/domain/constants';
import { isTextLanguage, isTranslationLanguage } from '@tern/domain/i18n/languages';
import { localeLanguage } from '@tern/domain/rules/locale';
import type { PartnerConfig } from '@tern/domain/partners/config';

/** The text language of a locale, when the portal has one: `es-MX` → `mx`, `fr-CA` → `fr`. */
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

/**
 * The language a visit starts in: the one a link asks for (`?lang=fr`, how a partner's site
 * opens the portal in its visitor's language), else the visitor's earlier choice, else the
 * partner's default locale, else the first language the partner offers — always one the
 * partner offers, except the pseudo language, which a link may always ask for (to find text
 * left untranslated) and which then stays until another language is chosen.
 */
export function initialLanguage(
  config: PartnerConfig,
  stored: string | undefined,
  asked?: string | null,
): TextLanguage {
  const offered: readonly string[] = config.languages;
  for (const candidate of [asked, stored])
    if (isTextLanguage(candidate) && (candidate === PSEUDO_LANGUAGE || offered.includes(candidate)))
      return candidate;
  const fromLocale = uiLanguageOf(config.defaultLocale) ?? uiLanguageOf(DEFAULT_LOCALE);
  if (fromLocale && offered.includes(fromLocale)) return fromLocale;
  return config.languages[0] ?? 'en';
}
