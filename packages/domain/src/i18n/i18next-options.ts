import { PSEUDO_LANGUAGE, TRANSLATION_LANGUAGES, type TextLanguage } from '../constants.ts';
import { fallbacksOf, isTextLanguage } from './languages.ts';

/**
 * How every i18next instance of Tern reads the texts of `texts/*.json` — the portal's
 * (apps/web create-i18n.ts) and the server's for the messages it sends (apps/api
 * notifications/templates.ts) — so both find the same text, fall back the same way (spec 2
 * §9: the standard language, then English, then pseudo) and pick the same plural forms.
 * Free of i18next itself: each app spreads these into its own `init`.
 */
export const i18nextOptions = (language: TextLanguage, namespace: string) => ({
  ns: [namespace],
  defaultNS: namespace,
  // An area's texts are its own namespace; shared keys (validation, errors, app) are the
  // default namespace's, found from any area.
  fallbackNS: namespace,
  lng: language,
  fallbackLng: (code: string) => (isTextLanguage(code) ? fallbacksOf(code) : ['en']),
  supportedLngs: [...TRANSLATION_LANGUAGES, PSEUDO_LANGUAGE],
  // Areas pick their namespace with useTranslation(area); server messages may contain ':'
  // and must not be read as "ns:key".
  nsSeparator: false as const,
  // Texts are plain: the portal's React and the email's HTML layout escape what they show.
  interpolation: { escapeValue: false },
  initAsync: false,
});
