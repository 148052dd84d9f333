import { TRANSLATION_LANGUAGES } from '@tern/domain/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { themeConfigFixture } from '../../test/theme-config-fixture.ts';
import { languageStore } from '../i18n/language-store.ts';

describe('the language switcher', () => {
  it('changes the visible text, <html lang> and the remembered language', async () => {
    const { user } = await renderApp();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Travel cover that steps in when plans change',
      }),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Language'), 'fr');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Une assurance voyage qui intervient quand vos projets changent',
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Langue')).toHaveValue('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(languageStore.read()).toBe('fr');
  });

  it("offers only the partner's languages", async () => {
    await renderApp({ themeConfig: themeConfigFixture({ config: { languages: ['en', 'es'] } }) });
    const options = screen.getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(options).toEqual(['en', 'es']);
  });

  it('shows every language by its own name, whatever the page is in', async () => {
    await renderApp({
      language: 'fr',
      themeConfig: themeConfigFixture({
        config: { languages: [...TRANSLATION_LANGUAGES] },
      }),
    });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'English',
      'Français',
      'Español',
      '中文',
      'Português',
      'Deutsch',
      'Italiano',
      'Español de México',
      'Türkçe',
    ]);
    expect(options.map((option) => option.getAttribute('lang'))).toEqual([
      'en',
      'fr',
      'es',
      'zh',
      'pt',
      'de',
      'it',
      'es-MX',
      'tr',
    ]);
  });

  it('switches to a language beyond the three of the interface, e.g. German', async () => {
    const { user } = await renderApp({
      themeConfig: themeConfigFixture({ config: { languages: ['en', 'de'] } }),
    });
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    expect(await screen.findByLabelText('Sprache')).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('is hidden when the partner offers one language', async () => {
    await renderApp({ themeConfig: themeConfigFixture({ config: { languages: ['en'] } }) });
    await screen.findByTestId('landing');
    expect(screen.queryByLabelText('Language')).not.toBeInTheDocument();
  });
});
