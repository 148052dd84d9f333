import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { countryOfNumber, phoneCountries } from './phone-countries.ts';

const callingCode = (country: string) => getCountryCallingCode(country as CountryCode);
const of = (value: unknown, preferred: string) =>
  countryOfNumber(value, preferred, phoneCountries, callingCode);

describe('countryOfNumber', () => {
  it('gives a stored number the country its digits name, whatever the partner prefers', () => {
    expect(of('+14165550123', 'GB')).toBe('CA');
    expect(of('+12125550123', 'CA')).toBe('US');
    expect(of('+447700900123', 'CA')).toBe('GB');
  });

  it("keeps the partner's country for a number not yet typed, or one that names no country", () => {
    expect(of('', 'GB')).toBe('GB');
    expect(of(undefined, 'CA')).toBe('CA');
    // +1 555… is no real country's range: the preferred +1 country stands.
    expect(of('+1555', 'CA')).toBe('CA');
  });
});
