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

  it('only ever starts in a language the partner offers', () => {
    const frenchOnly = partnerConfigSchema.parse({ languages: ['fr'] });
    expect(initialLanguage(frenchOnly, 'es')).toBe('fr');
    expect(initialLanguage(frenchOnly, 'xx')).toBe('fr');
  });
});
