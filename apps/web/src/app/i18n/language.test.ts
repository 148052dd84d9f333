import { partnerConfigSchema } from '@tern/domain/partners/config';
import { describe, expect, it } from 'vitest';
import { initialLanguage } from './language.ts';

describe('languages', () => {
  it("starts in the partner's default locale, en-CA → en, unless the visitor chose before", () => {
    const config = partnerConfigSchema.parse({});
    expect(initialLanguage(config, undefined)).toBe('en');
    expect(initialLanguage(partnerConfigSchema.parse({ defaultLocale: 'fr-CA' }), undefined)).toBe(
      'fr',
    );
    expect(initialLanguage(config, 'es')).toBe('es');
  });

  it('starts in the language a link asks for (?lang=), when the partner offers it', () => {
    const config = partnerConfigSchema.parse({ languages: ['en', 'fr', 'mx'] });
    expect(initialLanguage(config, 'en', 'fr')).toBe('fr');
    expect(initialLanguage(config, 'en', 'mx')).toBe('mx');
    expect(initialLanguage(config, 'fr', 'de')).toBe('fr');
    expect(initialLanguage(config, undefined, 'xx')).toBe('en');
    expect(initialLanguage(config, 'en', 'pseudo')).toBe('pseudo');
    expect(initialLanguage(config, 'pseudo', null)).toBe('pseudo');
    expect(initialLanguage(config, 'pseudo', 'fr')).toBe('fr');
  });

  it('reads a Mexican default locale as Mexican Spanish, when offered', () => {
    const mexican = partnerConfigSchema.parse({ defaultLocale: 'es-MX', languages: ['en', 'mx'] });
    expect(initialLanguage(mexican, undefined)).toBe('mx');
  });

  it('only ever starts in a language the partner offers', () => {
    const frenchOnly = partnerConfigSchema.parse({ languages: ['fr'] });
    expect(initialLanguage(frenchOnly, 'es')).toBe('fr');
    expect(initialLanguage(frenchOnly, 'xx')).toBe('fr');
  });
});
