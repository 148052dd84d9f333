import type { TextLanguage } from '@tern/domain/constants';
import { fallbacksOf } from '@tern/domain/i18n/languages';
import type { i18n } from 'i18next';
import type { TranslationSource } from './translations.ts';

/** The namespace every file has: the shell's texts with the error and validation texts. */
export const SHELL_NAMESPACE = 'translation';

/**
 * Where an instance takes its texts from, kept on the instance itself: react-i18next hands
 * components a wrapper of it, so a lookup by identity would miss.
 */
const SOURCE = Symbol('tern.translationSource');
type WithSource = i18n & { [SOURCE]?: TranslationSource };

/** Where `instance` takes its texts from (create-i18n.ts sets it once). */
export const setTranslationSource = (instance: i18n, source: TranslationSource) => {
  (instance as WithSource)[SOURCE] = source;
};

/**
 * Makes sure a language's texts (every namespace of its file) are in `instance` before it is
 * shown. Files are complete (the server fills what a language lacks), so one file is enough;
 * when it cannot be had, its fallbacks are tried in turn (spec 2 §9: the standard language,
 * then pseudo) and i18next's fallback chain finds the texts there.
 */
export async function loadLanguage(instance: i18n, language: TextLanguage): Promise<void> {
  if (instance.hasResourceBundle(language, SHELL_NAMESPACE)) return;
  const source = (instance as WithSource)[SOURCE];
  if (!source) throw new Error('i18n: no translation source');
  try {
    const file = await source(language);
    for (const [namespace, texts] of Object.entries(file))
      instance.addResourceBundle(language, namespace, texts, true, true);
  } catch (error) {
    const [fallback] = fallbacksOf(language);
    if (!fallback) throw error;
    console.warn(`Texts in "${language}" unavailable; using "${fallback}".`, error);
    await loadLanguage(instance, fallback);
  }
}
