import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
import type { PageRenderer } from '@tern/domain/partners/page-config';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { paths } from '../core/routing/paths.ts';
import { createApiClient } from '../lib/api-client.ts';
import { createHttpClient } from '../lib/http.ts';
import { createI18n } from './i18n/create-i18n.ts';
import { initialLanguage } from './i18n/language.ts';
import { landingPage } from './landing/load-landing-page.ts';
import { routedApp } from './load-routed-app.ts';
import { PortalApp } from './portal-app.tsx';
import { fontFaces } from './theme/font-faces.ts';
import { fontFiles } from './theme/font-files.ts';
import { fontsOf } from './theme/fonts.ts';

/**
 * The web app's server entry (`vite build --ssr`, into dist-server): the landing page
 * rendered by the API, from the same components the browser then hydrates (`render.tsx`).
 * A phone paints it as the HTML arrives, before React, MUI and the texts have downloaded
 * and run (issue 25 §1).
 */

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** CSS in a `<style>`: no value may close the element. */
const styleText = (css: string) => css.replace(/<\//g, '<\\/');

const pageLanguage: PageRenderer['pageLanguage'] = (url, theme) => {
  const { pathname, searchParams } = new URL(url, 'http://portal.invalid');
  // The language a first visit gets (`main.tsx`): the link's, else the partner's. A visitor
  // who chose another one before gets the page rendered afresh in the browser.
  return pathname === paths.landing
    ? initialLanguage(theme.config, undefined, searchParams.get('lang'))
    : undefined;
};

const render: PageRenderer['render'] = async ({ language, runtime, theme, translations }) => {
  const [i18n] = await Promise.all([
    createI18n(language, translations, undefined),
    // Loaded first, as `main.tsx` does, so the page renders in one pass.
    routedApp.load(),
    landingPage.load(),
  ]);
  // No call leaves the server: a component that made one while rendering would be a bug.
  const api = createApiClient(
    createHttpClient({
      apiRoot: runtime.apiRoot,
      apiKey: runtime.apiKey,
      getToken: () => undefined,
      fetch: () => Promise.reject(new Error('no API call while rendering on the server')),
    }),
  );
  // Emotion's styles are collected (compat mode), not written beside each element: the page
  // carries them in one `<style>` whose ids the browser's emotion reads, and hydration finds
  // exactly the browser's markup.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <PortalApp
        services={{ runtime, api, themeConfig: theme }}
        i18n={i18n}
        router={(routes) => <StaticRouter location={paths.landing}>{routes}</StaticRouter>}
      />
    </CacheProvider>,
    {
      onError: (error) => void errors.push(error),
      // Every part inline, in order: React would otherwise move a large part after the rest
      // with a script to put it back, and the page allows no inline script (its CSP).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const body = await new Response(prelude).text();
  // A part that failed would be rendered by the browser alone, and a script would not run:
  // the API sends the page unrendered instead.
  if (errors.length) throw errors[0];
  if (body.includes('<script')) throw new Error('the rendered page needs a script to complete');

  const styles = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const preload = (as: string, href: string, extra = '') =>
    `<link rel="preload" as="${as}" href="${attribute(href)}"${extra}>`;
  const head = [
    `<style>${styleText(fontFaces(theme.branding.fonts))}</style>`,
    ...fontFiles(fontsOf(theme.branding.fonts)).map((href) =>
      preload('font', href, ' type="font/woff2" crossorigin'),
    ),
    preload('image', theme.branding.images.mainBackground, ' fetchpriority="high"'),
    `<style data-emotion="css ${styles.map(([id]) => id).join(' ')}">${styleText(
      styles.map(([, css]) => css).join(''),
    )}</style>`,
  ].join('');
  return { language, locale: localeOfLanguage(language), head, body };
};

export const pageRenderer: PageRenderer = { pageLanguage, render };
