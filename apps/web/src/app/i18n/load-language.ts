import type { Language } from '@tern/domain/constants';
import type { i18n } from 'i18next';
import { languageLoaders } from './resources.ts';

/** Makes sure a language's texts are in `instance` before it is shown. */
export async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  if (language === 'en' || instance.hasResourceBundle(language, 'translation')) return;
  const { translation } = await languageLoaders[language]();
  instance.addResourceBundle(language, 'translation', translation, true, true);
}
