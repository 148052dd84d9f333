import type { TextLanguage } from '@tern/domain/constants';
import type { RuntimeConfig, ThemeConfig } from '@tern/domain/partners/config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { ApiClient } from '../lib/api-client.ts';
import { AppProviders } from './app-providers.tsx';
import { AppRoot } from './app-root.tsx';
import { createI18n } from './i18n/create-i18n.ts';
import type { TranslationSource } from './i18n/translations.ts';
import { applyBranding } from './theme/apply-branding.ts';
import { loadFonts } from './theme/fonts.ts';

/**
 * Start-up, second part (`main.tsx` the first): the partner's branding and fonts, the texts
 * of the visit's language, then the first render.
 */
export async function render(start: {
  runtime: RuntimeConfig;
  api: ApiClient;
  themeConfig: ThemeConfig;
  language: TextLanguage;
  translations: TranslationSource;
}) {
  const { runtime, api, themeConfig } = start;
  applyBranding(themeConfig.branding);
  loadFonts(themeConfig.branding.fonts);
  const i18n = await createI18n(start.language, start.translations);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders services={{ runtime, api, themeConfig }} i18n={i18n}>
        <BrowserRouter>
          <AppRoot />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
