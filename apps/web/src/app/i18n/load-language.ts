import type { Language } from '@tern/domain/constants';
import type { i18n } from 'i18next';
import { loadResources, SHELL_NAMESPACE } from './resources.ts';

/** Makes sure a language's texts (every namespace) are in `instance` before it is shown. */
export async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  if (language === 'en' || instance.hasResourceBundle(language, SHELL_NAMESPACE)) return;
  const resources = await loadResources(language);
  for (const [namespace, texts] of Object.entries(resources))
    instance.addResourceBundle(language, namespace, texts, true, true);
}
