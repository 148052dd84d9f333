import { DEFAULT_LOCALE, PSEUDO_LANGUAGE, type TextLanguage } from '@tern/domain/constants';
import { isTextLanguage, uiLanguageOf } from '@tern/domain/i18n/languages';
import type { PartnerConfig } from '@tern/domain/partners/config';

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
