import { localeOfLanguage } from '@tern/domain/i18n/languages';
import { getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Every country with a telephone numbering plan, as ISO 3166 alpha-2 codes. */
export const phoneCountries: readonly string[] = getCountries();

/**
 * Countries named in `language` — from `names` (the countries reference document) where it
 * has them, else the browser's own — sorted for that language, with their calling code.
 */
export function countryOptions(
  countries: readonly string[],
  language: string,
  callingCodeOf: (country: string) => string | null,
  names: Readonly<Record<string, string>> = {},
): { country: string; name: string; callingCode: string }[] {
  const locale = localeOfLanguage(language);
  const ownNames = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return countries
    .flatMap((country) => {
      const callingCode = callingCodeOf(country);
      const name = names[country] ?? ownNames.of(country) ?? country;
      return callingCode ? [{ country, name, callingCode }] : [];
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * The country a stored '+…' number belongs to: the one its digits name (+1 416… is Canada,
 * +1 268… Antigua), else `preferred` when its calling code fits, else the country with the
 * longest matching calling code. Lets a form show a saved or restored number under its
 * country.
 */
export function countryOfNumber(
  value: unknown,
  preferred: string,
  countries: readonly string[],
  callingCodeOf: (country: string) => string | null,
): string {
  if (typeof value !== 'string' || !value.startsWith('+')) return preferred;
  const own = parsePhoneNumberFromString(value)?.country;
  if (own && countries.includes(own)) return own;
  const digits = value.slice(1);
  const fits = (country: string) => {
    const code = callingCodeOf(country);
    return code !== null && digits.startsWith(code);
  };
  if (fits(preferred)) return preferred;
  let best: { country: string; length: number } | undefined;
  for (const country of countries) {
    const length = callingCodeOf(country)?.length ?? 0;
    if (fits(country) && length > (best?.length ?? 0)) best = { country, length };
  }
  return best?.country ?? preferred;
}
