import { LANGUAGES, type Language } from '@tern/domain/constants';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguage } from './load-language.ts';
import { englishResources } from './resources.ts';

/**
 * An i18next instance for one app (tests make their own), ready with `language` loaded, so
 * no page ever renders raw keys. `<html lang>` follows the language.
 */
export async function createI18n(language: Language, doc: Document = document): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    doc.documentElement.lang = lng;
  });
  await instance.use(initReactI18next).init({
    resources: { en: englishResources },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // Only one namespace; server messages may contain ':' and must not be read as "ns:key".
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
  return instance;
}
