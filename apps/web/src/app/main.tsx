import { PAGE_RENDERED_LANGUAGE } from '@tern/domain/partners/page-config';
import { paths } from '../core/routing/paths.ts';
import { sessionStore } from '../core/session/session-store.ts';
import { sessionTabs } from '../core/session/session-tabs.ts';
import { createApiClient } from '../lib/api-client.ts';
import { createHttpClient } from '../lib/http.ts';
import { initialLanguage } from './i18n/language.ts';
import { languageStore } from './i18n/language-store.ts';
import { themeTranslations, type TranslationSource } from './i18n/translations.ts';
import { landingPage } from './landing/load-landing-page.ts';
import { routedApp } from './load-routed-app.ts';
import {
  dashboardPage,
  navDrawerButton,
  sessionRuntime,
  signedInNav,
} from './session/signed-in-chunks.ts';
import { startSessionReads } from './session/start-session-reads.ts';
import { fallbackRuntimeConfig, readRuntimeConfig } from './runtime-config.ts';
import { readEmbeddedThemeConfig } from './theme/embedded-theme-config.ts';
import { preloadFonts } from './theme/font-files.ts';
import { fontsOf } from './theme/fonts.ts';
import { fetchThemeConfig } from './theme/fetch-theme-config.ts';
import { themeCache } from './theme/theme-cache.ts';
import { loadThemeConfig } from './theme/theme-loader.ts';

/** After the browser's next frame is painted; soon, in a tab not shown (which paints none). */
const nextPaint = () =>
  new Promise<void>((resolve) => {
    const hidden = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(hidden);
        resolve();
      }),
    );
  });

/** Fetches an image now, at the priority of one in view: the page will show it. */
function preloadImage(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * Start-up (spec 1 §4): the other tabs asked for their session → runtime configuration → HTTP client → partner theme (with the page,
 * else cached a day) → texts of the theme path (cached a day) → first render. The theme is
 * known before the first paint, so no page flashes another brand.
 *
 * This script is small and needs no framework: it runs as soon as it arrives, and starts at
 * once, side by side, the texts, React and the rest of the first render (`render.tsx`), the
 * pages (`routed-app.tsx`) and, on `/`, the start page and its picture; index.html already
 * preloads the render's chunks (apps/web/vite.config.ts). A tab that holds a session asks at
 * once for the first stage of its data and for the signed-in code (`session/signed-in-chunks.ts`).
 */
async function start() {
  // A page the server sent rendered is shown before its code runs: the code waits for that
  // paint, so a phone spends its first moments on the page, not on downloading React.
  if (document.getElementById('root')?.hasAttribute(PAGE_RENDERED_LANGUAGE)) await nextPaint();
  // A failure here shows when the app renders (the route error page), not as a rejection.
  const pages: Promise<unknown>[] = [routedApp.load().catch(() => undefined)];
  // React, MUI, i18next and the first render.
  const rendering = import('./render.tsx');
  rendering.catch(() => undefined);
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
  // A tab that holds a session asks now, beside React's download, for what every signed-in
  // page stands on; the session's queries take these answers (app/session/start-session-reads.ts).
  const userId = sessionStore.get()?.userId;
  const reads = userId && { api, userId, partnerId: runtime.partnerId };
  if (reads) {
    startSessionReads(reads);
    pages.push(
      ...[sessionRuntime, signedInNav, navDrawerButton].map((chunk) =>
        chunk.load().catch(() => undefined),
      ),
    );
    if (window.location.pathname === paths.dashboard)
      pages.push(dashboardPage.load().catch(() => undefined));
  }
  const theme = await loadThemeConfig({
    theme: runtime.theme,
    buildNumber: runtime.buildNumber,
    fetchConfig: fetchThemeConfig(api),
    cache: themeCache,
    now: Date.now(),
    embedded: readEmbeddedThemeConfig(runtime.theme),
  });
  if (theme.error)
    console.warn(
      `Theme "${runtime.theme}" not loaded (${theme.error.message}); using the baseline theme.`,
    );

  const themeConfig = theme.config;
  preloadFonts(fontsOf(themeConfig.branding.fonts));
  if (window.location.pathname === paths.landing) {
    pages.push(landingPage.load().catch(() => undefined));
    preloadImage(themeConfig.branding.images.mainBackground);
  }
  const asked = new URLSearchParams(window.location.search).get('lang');
  const language = initialLanguage(themeConfig.config, languageStore.read(), asked);
  // A language a link asked for is kept as if chosen in the switcher.
  if (language === asked) languageStore.write(language);
  const source = themeTranslations({
    http,
    theme: runtime.theme,
    buildNumber: runtime.buildNumber,
  });
  // The visit's language is asked for now, while React downloads; i18next takes it from here.
  const first = source(language);
  first.catch(() => undefined);
  const translations: TranslationSource = (asked) => (asked === language ? first : source(asked));

  // The first paint is the page, not the frame with a loader: its code is awaited too.
  const [{ render }] = await Promise.all([rendering, ...pages]);
  await render({ runtime, api, themeConfig, language, translations });
}

void start();
