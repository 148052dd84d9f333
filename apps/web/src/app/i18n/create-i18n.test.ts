import { describe, expect, it } from 'vitest';
import { createI18n } from './create-i18n.ts';

describe('createI18n', () => {
  it('resolves portal texts and the domain texts (errors, validation) in the chosen language', async () => {
    const i18n = await createI18n('es');
    expect(i18n.t('not_found.title')).toBe('Página no encontrada');
    expect(i18n.exists('errors.unknown_error')).toBe(true);
    expect(i18n.t('validation.required')).not.toBe('validation.required');
    expect(document.documentElement.lang).toBe('es');
  });

  it('loads another language on demand and moves <html lang> with it', async () => {
    const i18n = await createI18n('en');
    expect(document.documentElement.lang).toBe('en');
    const { loadLanguage } = await import('./load-language.ts');
    await loadLanguage(i18n, 'fr');
    await i18n.changeLanguage('fr');
    expect(i18n.t('not_found.title')).toBe('Page introuvable');
    expect(document.documentElement.lang).toBe('fr');
  });
});
