import type { TextLanguage } from '@tern/domain/constants';
import type { RuntimeConfig, ThemeConfig } from '@tern/domain/partners/config';
import { PAGE_RENDERED_LANGUAGE } from '@tern/domain/partners/page-config';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { sessionStore } from '../core/session/session-store.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { createI18n } from './i18n/create-i18n.ts';
import type { TranslationSource } from './i18n/translations.ts';
import { PortalApp } from './portal-app.tsx';
import { applyBranding } from './theme/apply-branding.ts';
import { loadFonts } from './theme/fonts.ts';

/**
 * Start-up, second part (`main.tsx` the first): the partner's branding and fonts, the texts
 * of the visit's language, then the first render — or, when the API sent the page rendered
 * (the landing page, `entry-server.tsx`), its hydration: the page is already painted, and
 * becomes live.
 */
export async function render(start: {
  runtime: RuntimeConfig;
  api: ApiClient;
  themeConfig: ThemeConfig;
  language: TextLanguage;
  translations: TranslationSource;
}) {
  const { runtime, api, themeConfig } = start;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const rendered = root.getAttribute(PAGE_RENDERED_LANGUAGE);
  applyBranding(themeConfig.branding);
  // A page the server rendered carries the typefaces' rules itself (entry-server.tsx).
  if (rendered === null) loadFonts(themeConfig.branding.fonts);
  const i18n = await createI18n(start.language, start.translations);

  const app = (
    <PortalApp
      services={{ runtime, api, themeConfig }}
      i18n={i18n}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
    />
  );
  // The server renders the page as a visitor without a session sees it, in the language a
  // first visit gets; a visitor signed in, or who chose another language, gets it afresh.
  if (rendered === start.language && !sessionStore.getToken())
    // As a transition, the hydration yields to the browser every few milliseconds (on a
    // slow phone the page stays responsive while it comes alive); the page is already shown.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  else createRoot(root).render(app);
}
