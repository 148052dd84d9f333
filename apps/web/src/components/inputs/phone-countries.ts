import { getCountries } from 'libphonenumber-js/max';

/** Every country with a telephone numbering plan, as ISO 3166 alpha-2 codes. */
export const phoneCountries: readonly string[] = getCountries();

/** Country names in `language`, sorted for that language, with their calling code. */
export function countryOptions(
  countries: readonly string[],
  language: string,
  callingCodeOf: (country: string) => string | null,
): { country: string; name: string; callingCode: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return countries
    .flatMap((country) => {
      const callingCode = callingCodeOf(country);
      return callingCode ? [{ country, name: names.of(country) ?? country, callingCode }] : [];
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}
