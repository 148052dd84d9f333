import type { TextLanguage } from '@tern/domain/constants';
import type { i18n } from 'i18next';
import { languageStore } from './language-store.ts';
import { loadLanguage } from './load-language.ts';

/** Switches the interface language and remembers the choice (spec 1 §4 "Persistence": language). */
export async function changeLanguage(instance: i18n, language: TextLanguage): Promise<void> {
  languageStore.write(language);
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
}
