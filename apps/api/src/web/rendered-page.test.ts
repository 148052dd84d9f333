import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { translationFile } from '@tern/domain/i18n/catalogue';
import { PAGE_CONFIG_MARK, PAGE_ROOT } from '@tern/domain/partners/page-config';
import { useTestApp } from '../../test/app.ts';

/**
 * The landing page goes out rendered by the web app's server entry (issue 25 §1): here its
 * source, which `vite build --ssr` bundles into apps/web/dist-server for the API to load.
 */
const serverEntry = new URL('../../../web/src/app/entry-server.tsx', import.meta.url).pathname;
const dist = mkdtempSync(join(tmpdir(), 'tern-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html lang="en"><head><link rel="icon" href="/assets/baseline/favicon.svg" /><title>Tern</title>${PAGE_CONFIG_MARK}<script type="module" src="/assets/index-AbC123.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-AbC123.js"></head><body>${PAGE_ROOT}</body></html>`,
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const travel = { host: 'travel.localhost' };
const heroTitle = (language: 'en' | 'fr') =>
  (translationFile(language).translation as { landing: { hero: { default: { title: string } } } })
    .landing.hero.default.title;
/** The page's own scripts: none inline (the JSON data elements are not scripts that run). */
const inlineScripts = (html: string) =>
  html.match(/<script(?![^>]*(type="application\/json"|src=))[^>]*>/g) ?? [];

describe('the landing page, rendered on the server', () => {
  const t = useTestApp({ config: { WEB_DIST: dist, WEB_SERVER_ENTRY: serverEntry } });

  it("answers GET / with the page's markup in the partner's language, ready to hydrate", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: travel });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="en[^"]*"/);
    expect(res.body).toContain('<div id="root" data-rendered-language="en">');
    expect(res.body).toMatch(new RegExp(`<h1[^>]*id="landing-title"[^>]*>${heroTitle('en')}</h1>`));
    // Its styles and the preload of its picture are in the head; its scripts wait behind them.
    expect(res.body).toMatch(/<style data-emotion="css [^"]+">/);
    expect(res.body).toContain('<link rel="preload" as="image"');
    expect(res.body).toContain('<script type="module" fetchpriority="low"');
    // The start-up script asks for the rest once the page is painted: nothing preloaded.
    expect(res.body).not.toContain('modulepreload');
    expect(inlineScripts(res.body)).toEqual([]);
    // The partner's icon and name from the start, not the build's.
    expect(res.body).toContain('<link rel="icon" href="/assets/themes/travel/favicon.svg"');
    expect(res.body).toContain('<title>Skyward Air</title>');
  });

  it('renders the language a link asks for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?lang=fr', headers: travel });
    expect(res.body).toMatch(/<html lang="fr[^"]*"/);
    expect(res.body).toContain('data-rendered-language="fr"');
    expect(res.body).toContain(heroTitle('fr'));
  });

  it('sends the other pages as built, for the browser to render', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: travel });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PAGE_ROOT);
    expect(res.body).not.toContain('data-emotion');
    // Rendered in the browser: its code downloads from the start, side by side.
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/react-AbC123.js">',
    );
  });
});

describe('the landing page when its server entry fails', () => {
  const broken = join(dist, 'broken-entry.mjs');
  writeFileSync(
    broken,
    `export const pageRenderer = { pageLanguage: () => 'en', render: async () => { throw new Error('boom'); } };\n`,
  );
  const t = useTestApp({ config: { WEB_DIST: dist, WEB_SERVER_ENTRY: broken } });

  it('goes out as built, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: travel });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(PAGE_ROOT);
      expect(res.body).toContain('<script type="module" src=');
    }
  });
});

describe('the landing page without a built server entry', () => {
  const t = useTestApp({
    config: { WEB_DIST: dist, WEB_SERVER_ENTRY: join(dist, 'no-such-entry.js') },
  });

  it('goes out as built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: travel });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PAGE_ROOT);
  });
});
