import type { TextLanguage } from '@tern/domain/constants';
import { i18nextOptions } from '@tern/domain/i18n/i18next-options';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
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
    ...i18nextOptions(language, SHELL_NAMESPACE),
    resources: {},
    react: { useSuspense: false },
  });
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
  return instance;
}
