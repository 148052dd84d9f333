import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient } from '../lib/api-client.ts';
import { createHttpClient } from '../lib/http.ts';
import { AppProviders } from './app-providers.tsx';
import { AppRoot, loadRoutedApp } from './app-root.tsx';
import { createI18n } from './i18n/create-i18n.ts';
import { initialLanguage } from './i18n/language.ts';
import { languageStore } from './i18n/language-store.ts';
import { themeTranslations } from './i18n/translations.ts';
import { fallbackRuntimeConfig, readRuntimeConfig } from './runtime-config.ts';
import { sessionStore } from '../core/session/session-store.ts';
import { sessionTabs } from '../core/session/session-tabs.ts';
import { applyBranding } from './theme/apply-branding.ts';
import { loadFonts } from './theme/fonts.ts';
import { themeCache } from './theme/theme-cache.ts';
import { fetchThemeConfig } from './theme/fetch-theme-config.ts';
import { loadThemeConfig } from './theme/theme-loader.ts';

/**
 * Start-up: the other tabs asked for their session → runtime configuration → HTTP client →
 * partner theme (cached a day) → texts of the theme path (cached a day) → first render. The theme is known before the first paint, so no page flashes another brand.
 */
async function start() {
  // The pages' and server data's code downloads while the configuration and texts load.
  // A failure here shows when the app renders (the route error page), not as a rejection.
  loadRoutedApp().catch(() => undefined);
  // A new tab takes the session of an open one (ADR 0009) while the configuration and texts load.
  sessionTabs.join();
  const runtime = await readRuntimeConfig().catch((error: unknown) => {
    console.error('Runtime configuration unavailable; starting with the baseline theme.', error);
    return fallbackRuntimeConfig;
  });
  const http = createHttpClient({
    apiRoot: runtime.apiRoot,
    apiKey: runtime.apiKey,
    getToken: sessionStore.getToken,
  });
  const api = createApiClient(http);
  const theme = await loadThemeConfig({
    theme: runtime.theme,
    buildNumber: runtime.buildNumber,
    fetchConfig: fetchThemeConfig(api),
    cache: themeCache,
    now: Date.now(),
  });
  if (theme.error)
    console.warn(
      `Theme "${runtime.theme}" not loaded (${theme.error.message}); using the baseline theme.`,
    );

  const themeConfig = theme.config;
  applyBranding(themeConfig.branding);
  loadFonts(themeConfig.branding.fonts);
  const asked = new URLSearchParams(window.location.search).get('lang');
  const language = initialLanguage(themeConfig.config, languageStore.read(), asked);
  // A language a link asked for is kept as if chosen in the switcher.
  if (language === asked) languageStore.write(language);
  const i18n = await createI18n(
    language,
    themeTranslations({ api, theme: runtime.theme, buildNumber: runtime.buildNumber }),
  );

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

void start();
