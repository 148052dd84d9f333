import { DEFAULT_LOCALE, LANGUAGES, type Language } from '@tern/domain/constants';
import { localeLanguage } from '@tern/domain/rules/locale';
import type { PartnerConfig } from '@tern/domain/partners/config';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The interface language (i18next code, lower-case) of a locale, when the portal has it. */
export const uiLanguageOf = (locale: string): Language | undefined => {
  const code = localeLanguage(locale).toLowerCase();
  return isLanguage(code) ? code : undefined;
};

/**
 * The language a visit starts in: the visitor's earlier choice, else the partner's default
 * locale, else the first language the partner offers — always one the partner offers.
 */
export function initialLanguage(config: PartnerConfig, stored: string | undefined): Language {
  const offered = config.languages;
  if (isLanguage(stored) && offered.includes(stored)) return stored;
  const fromLocale = uiLanguageOf(config.defaultLocale) ?? uiLanguageOf(DEFAULT_LOCALE);
  if (fromLocale && offered.includes(fromLocale)) return fromLocale;
  return offered[0] ?? 'en';
}
