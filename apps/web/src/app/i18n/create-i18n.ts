import { LANGUAGES, type Language } from '@tern/domain/constants';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguage } from './load-language.ts';
import { englishResources, namespaces, SHELL_NAMESPACE } from './resources.ts';

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
    ns: namespaces,
    defaultNS: SHELL_NAMESPACE,
    // An area's texts are its own namespace; shared keys (validation, errors, app) are the
    // shell's, found from any area.
    fallbackNS: SHELL_NAMESPACE,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
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
