import type { Language } from '../constants.ts';
import errorsEn from './errors.en.ts';
import errorsEs from './errors.es.ts';
import errorsFr from './errors.fr.ts';
import validationEn from './validation.en.ts';
import validationEs from './validation.es.ts';
import validationFr from './validation.fr.ts';

/** The domain's i18next namespaces, `errors` and `validation`, per interface language. */
export const domainResources = {
  en: { errors: errorsEn, validation: validationEn },
  es: { errors: errorsEs, validation: validationEs },
  fr: { errors: errorsFr, validation: validationFr },
} as const satisfies Record<
  Language,
  { errors: Record<string, string>; validation: Record<string, string> }
>;

export type DomainNamespace = keyof (typeof domainResources)['en'];
