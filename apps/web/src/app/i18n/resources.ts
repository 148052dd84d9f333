import type { Language } from '@tern/domain/constants';
import errorsEn from '@tern/domain/i18n/errors.en';
import validationEn from '@tern/domain/i18n/validation.en';
import type { ResourceLanguage } from 'i18next';
import en from './locales/en.json';

/**
 * A language's texts in one i18next namespace: the portal's own plus the domain's `errors`
 * and `validation`. Domain rules report keys such as 'validation.required' and the error
 * handler 'errors.{code}', so those resolve as plain dotted keys next to the portal's own.
 */
const translation = (ui: object, errors: object, validation: object): ResourceLanguage => ({
  translation: { ...ui, errors, validation },
});

/** English is bundled: it is the default language and the fallback of the others. */
export const englishResources = translation(en, errorsEn, validationEn);

/** The other languages arrive on demand, one chunk each. */
export const languageLoaders: Record<Exclude<Language, 'en'>, () => Promise<ResourceLanguage>> = {
  es: async () => {
    const [ui, errors, validation] = await Promise.all([
      import('./locales/es.json'),
      import('@tern/domain/i18n/errors.es'),
      import('@tern/domain/i18n/validation.es'),
    ]);
    return translation(ui.default, errors.default, validation.default);
  },
  fr: async () => {
    const [ui, errors, validation] = await Promise.all([
      import('./locales/fr.json'),
      import('@tern/domain/i18n/errors.fr'),
      import('@tern/domain/i18n/validation.fr'),
    ]);
    return translation(ui.default, errors.default, validation.default);
  },
};
