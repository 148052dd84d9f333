import { PSEUDO_LANGUAGE, TRANSLATION_LANGUAGES, type TextLanguage } from '@tern/domain/constants';
import { fallbacksOf, isTextLanguage, localeOfLanguage } from '@tern/domain/i18n/languages';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguage, SHELL_NAMESPACE, setTranslationSource } from './load-language.ts';
import type { TranslationSource } from './translations.ts';

/**
 * An i18next instance for one app (tests make their own), ready with `language` loaded, so
 * no page ever renders raw keys. `<html lang>` follows the language, as a BCP 47 locale
 * (`mx` → `es-MX`, pseudo → `en-XA`).
 */
export async function createI18n(
  language: TextLanguage,
  source: TranslationSource,
  // None on the server (entry-server.tsx), which writes `<html lang>` into the page.
  doc: Document | undefined = globalThis.document,
): Promise<i18n> {
  const instance = i18next.createInstance();
  setTranslationSource(instance, source);
  if (doc)
    instance.on('languageChanged', (lng) => {
      doc.documentElement.lang = localeOfLanguage(lng);
    });
  await instance.use(initReactI18next).init({
    resources: {},
    ns: [SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    // An area's texts are its own namespace; shared keys (validation, errors, app) are the
    // shell's, found from any area.
    fallbackNS: SHELL_NAMESPACE,
    lng: language,
    fallbackLng: (code) => (isTextLanguage(code) ? fallbacksOf(code) : ['en']),
    supportedLngs: [...TRANSLATION_LANGUAGES, PSEUDO_LANGUAGE],
    // Areas pick their namespace with useTranslation(area); server messages may contain ':'
    // and must not be read as "ns:key".
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
  return instance;
}
