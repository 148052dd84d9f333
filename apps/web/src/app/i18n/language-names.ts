import { PSEUDO_LANGUAGE, TEXT_LANGUAGE_LOCALES, type TextLanguage } from '@tern/domain/constants';
import { isTextLanguage } from '@tern/domain/i18n/languages';

/** The pseudo language's own name is pseudo text too, so it passes its own check. */
const PSEUDO_NAME = '[!!Ƥśēũďō!!]';

/**
 * A language's name in that language ("Deutsch", "Español (México)", "中文"), as a language
 * switcher shows it: a visitor finds their language whatever the page is in.
 */
export function ownName(language: TextLanguage): string {
  if (language === PSEUDO_LANGUAGE) return PSEUDO_NAME;
  const locale = TEXT_LANGUAGE_LOCALES[language];
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? language;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The languages a switcher offers: the partner's, and the one in use if it is not one. */
export const switcherLanguages = (
  offered: readonly TextLanguage[],
  current: string,
): TextLanguage[] =>
  !isTextLanguage(current) || offered.includes(current) ? [...offered] : [...offered, current];
