import countryNamesDe from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import countryNamesEn from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import countryNamesEs from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import countryNamesFr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import countryNamesIt from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import countryNamesPt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import countryNamesTr from 'i18n-iso-countries/langs/tr.json' with { type: 'json' };
import nationalitiesEn from 'i18n-nationality/langs/en.json' with { type: 'json' };
import nationalitiesEs from 'i18n-nationality/langs/es.json' with { type: 'json' };
import nationalitiesFr from 'i18n-nationality/langs/fr.json' with { type: 'json' };
import { COUNTRY_NAME_LANGUAGES, LANGUAGES, type Language } from '../constants.ts';
import type { NamedCountry } from '../content/index.ts';

/**
 * Country names (i18n-iso-countries) in the languages spec 1 §1 lists for them, and the
 * nationalities list (i18n-nationality, version NATIONALITIES_VERSION) in the interface
 * languages. Server-side: the portal receives them as help-content documents.
 */
export type CountryNameLanguage = Lowercase<(typeof COUNTRY_NAME_LANGUAGES)[number]>;
export const countryNameLanguages = COUNTRY_NAME_LANGUAGES.map(
  (l) => l.toLowerCase() as CountryNameLanguage,
);

type Names = Record<string, string | string[]>;
const countryNameFiles: Record<CountryNameLanguage, { countries: Names }> = {
  en: countryNamesEn,
  es: countryNamesEs,
  fr: countryNamesFr,
  de: countryNamesDe,
  it: countryNamesIt,
  pt: countryNamesPt,
  tr: countryNamesTr,
};
const nationalityFiles: Record<Language, { nationalities: Record<string, string> }> = {
  en: nationalitiesEn,
  es: nationalitiesEs,
  fr: nationalitiesFr,
};

/** Sorted as a reader of the language expects ("Émirats" among the E's). */
const sorted = (entries: NamedCountry[], language: string) => {
  const collator = new Intl.Collator(language);
  return entries.sort((a, b) => collator.compare(a.name, b.name));
};

export const isCountryNameLanguage = (value: string): value is CountryNameLanguage =>
  (countryNameLanguages as string[]).includes(value);
export const isNationalityLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/** Every country, named in `language` (the first, usual name where several are given). */
export const countryNames = (language: CountryNameLanguage): NamedCountry[] =>
  sorted(
    Object.entries(countryNameFiles[language].countries).map(([code, names]) => ({
      code,
      name: Array.isArray(names) ? names[0]! : names,
    })),
    language,
  );

/** The nationalities list (spec 1 §9) in an interface language. */
export const nationalities = (language: Language): NamedCountry[] =>
  sorted(
    Object.entries(nationalityFiles[language].nationalities).map(([code, name]) => ({
      code,
      name,
    })),
    language,
  );
