import type { Language } from '@tern/domain/constants';
import errorsEn from '@tern/domain/i18n/errors.en';
import validationEn from '@tern/domain/i18n/validation.en';
import type { ResourceLanguage } from 'i18next';
import { webAreas } from '../areas.ts';
import en from './locales/en.json';

/**
 * The shell's namespace: its own texts plus the domain's `errors` and `validation`. Domain
 * rules report keys such as 'validation.required' and the error handler 'errors.{code}', so
 * those resolve as plain dotted keys next to the shell's own; every area's namespace falls
 * back to this one.
 */
export const SHELL_NAMESPACE = 'translation';

/** Every namespace: the shell's, then one per area with texts, named after the area. */
export const namespaces = [
  SHELL_NAMESPACE,
  ...webAreas.flatMap((area) => (area.texts ? [area.name] : [])),
];

const shell = (ui: object, errors: object, validation: object) => ({
  ...ui,
  errors,
  validation,
});

/** English is bundled: it is the default language and the fallback of the others. */
export const englishResources: ResourceLanguage = {
  [SHELL_NAMESPACE]: shell(en, errorsEn, validationEn),
  ...Object.fromEntries(
    webAreas.flatMap((area) => (area.texts ? [[area.name, area.texts.en]] : [])),
  ),
};

const shellLoaders = {
  es: () =>
    Promise.all([
      import('./locales/es.json'),
      import('@tern/domain/i18n/errors.es'),
      import('@tern/domain/i18n/validation.es'),
    ]),
  fr: () =>
    Promise.all([
      import('./locales/fr.json'),
      import('@tern/domain/i18n/errors.fr'),
      import('@tern/domain/i18n/validation.fr'),
    ]),
};

/** The other languages arrive on demand: the shell's texts and each area's, in parallel. */
export async function loadResources(language: Exclude<Language, 'en'>): Promise<ResourceLanguage> {
  const withTexts = webAreas.flatMap((area) => (area.texts ? [area] : []));
  const [[ui, errors, validation], areaTexts] = await Promise.all([
    shellLoaders[language](),
    Promise.all(withTexts.map((area) => area.texts![language]())),
  ]);
  return {
    [SHELL_NAMESPACE]: shell(ui.default, errors.default, validation.default),
    ...Object.fromEntries(withTexts.map((area, i) => [area.name, areaTexts[i]!.default])),
  };
}
