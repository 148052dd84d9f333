import type { TextLanguage } from '@tern/domain/constants';
import { describe, expect, it } from 'vitest';
import { catalogueTranslations } from '../../test/translations.ts';
import { createI18n } from './create-i18n.ts';
import { loadLanguage } from './load-language.ts';
import type { TranslationSource } from './translations.ts';

/** The catalogue's texts, with the languages asked for counted and some made to fail. */
const countingSource = (failing: TextLanguage[] = []) => {
  const asked: TextLanguage[] = [];
  const source: TranslationSource = async (language) => {
    asked.push(language);
    if (failing.includes(language)) throw new Error(`HTTP 503 for ${language}`);
    return catalogueTranslations(language);
  };
  return { asked, source };
};

describe('createI18n', () => {
  it('resolves portal texts and the domain texts (errors, validation) in the chosen language', async () => {
    const { asked, source } = countingSource();
    const i18n = await createI18n('es', source);
    expect(i18n.t('not_found.title')).toBe('Página no encontrada');
    expect(i18n.exists('errors.unknown_error')).toBe(true);
    expect(i18n.t('validation.required')).not.toBe('validation.required');
    expect(i18n.t('faq.title', { ns: 'content' })).toBe('Preguntas frecuentes');
    expect(document.documentElement.lang).toBe('es');
    expect(asked).toEqual(['es']);
  });

  it('loads another language on demand, once, and moves <html lang> with it', async () => {
    const { asked, source } = countingSource();
    const i18n = await createI18n('en', source);
    expect(document.documentElement.lang).toBe('en');
    await loadLanguage(i18n, 'fr');
    await loadLanguage(i18n, 'fr');
    await i18n.changeLanguage('fr');
    expect(i18n.t('not_found.title')).toBe('Page introuvable');
    expect(document.documentElement.lang).toBe('fr');
    expect(asked).toEqual(['en', 'fr']);
  });

  it('writes <html lang> as a locale: Mexican Spanish is es-MX, pseudo is en-XA', async () => {
    const i18n = await createI18n('mx', catalogueTranslations);
    expect(document.documentElement.lang).toBe('es-MX');
    await loadLanguage(i18n, 'pseudo');
    await i18n.changeLanguage('pseudo');
    expect(document.documentElement.lang).toBe('en-XA');
    expect(i18n.t('not_found.title')).toMatch(/^\[!!.*!!\]$/);
  });

  it('falls back to the standard language when a file cannot be had', async () => {
    const { asked, source } = countingSource(['mx', 'es']);
    const i18n = await createI18n('mx', source);
    expect(asked).toEqual(['mx', 'es', 'en']);
    expect(i18n.language).toBe('mx');
    expect(i18n.t('not_found.title')).toBe('Page not found');
  });

  it('fails when not even the last fallback can be had', async () => {
    const { source } = countingSource(['de', 'en', 'pseudo']);
    await expect(createI18n('de', source)).rejects.toThrow('HTTP 503 for pseudo');
  });
});
