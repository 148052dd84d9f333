import { describe, expect, it } from 'vitest';
import { localeCountry, localeLanguage, normalizeLocale } from './locale.ts';

describe('locales', () => {
  it('reads the language upper-case and the country', () => {
    expect(localeLanguage('fr-CA')).toBe('FR');
    expect(localeCountry('en-GB')).toBe('GB');
    expect(localeCountry('en')).toBe('CA');
  });

  it('accepts OpenID and browser forms and fills the country of a bare language', () => {
    expect(normalizeLocale('fr_CA', 'en-CA')).toBe('fr-CA');
    expect(normalizeLocale('es-es', 'en-CA')).toBe('es-ES');
    expect(normalizeLocale('fr', 'en-GB')).toBe('fr-GB');
    expect(normalizeLocale('nonsense!', 'en-GB')).toBe('en-GB');
    expect(normalizeLocale(undefined, 'en-CA')).toBe('en-CA');
  });
});
