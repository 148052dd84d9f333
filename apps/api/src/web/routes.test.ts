import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsContracts, contentContracts, LIVE_EVENTS, partnersContracts } from '@tern/domain';
import { travelKey, useTestApp } from '../../test/app.ts';
import { openStream } from '../../test/event-stream.ts';
import { signIn } from '../../test/sign-in.ts';
import { urlOf } from '../../test/urls.ts';
import { PAGE_CONFIG_ELEMENTS, PAGE_CONFIG_MARK } from '@tern/domain/partners/page-config';
import { COMPRESS_THRESHOLD_BYTES } from '../plugins/compression.ts';

/**
 * A built web app as `vite build` leaves it: index.html with the runtime configuration's
 * mark, a hashed script with its .br and .gz beside it (apps/web/vite.config.ts).
 */
const dist = mkdtempSync(join(tmpdir(), 'tern-dist-'));
const script = `export const greeting = ${JSON.stringify('hello, '.repeat(400))};\n`;
const scriptPath = '/assets/index-AbC123.js';
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><!--tern-runtime-config--><script type="module" src="${scriptPath}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`,
);
writeFileSync(join(dist, scriptPath), script);
// Each compressed file says which it is, so a test tells the build's file from compression on
// the fly.
const built = { br: `${script}// .br\n`, gzip: `${script}// .gz\n` };
writeFileSync(join(dist, `${scriptPath}.br`), brotliCompressSync(built.br));
writeFileSync(join(dist, `${scriptPath}.gz`), gzipSync(built.gzip));

const portal = { host: 'travel.localhost' };
const decoded = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br'
    ? brotliDecompressSync(body)
    : encoding === 'gzip'
      ? gunzipSync(body)
      : body
  ).toString('utf8');

describe('the portal and its answers, compressed', () => {
  const t = useTestApp({ config: { WEB_DIST: dist } });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...portal, ...headers } });

  it('serves a built script as the .br or .gz written at build time, with Vary', async () => {
    for (const [accepted, encoding] of [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await get(scriptPath, { 'accept-encoding': accepted });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(encoding, res.rawPayload)).toBe(built[encoding]);
    }
    const plain = await get(scriptPath);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("compresses the page as it sends it, with this host's runtime configuration in it", async () => {
    const res = await get('/dashboard', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = decoded('br', res.rawPayload);
    expect(html).toContain('<script id="tern-runtime-config" type="application/json">');
    expect(html).toContain(`"partnerId":"travel"`);
  });

  it("writes this host's runtime configuration, theme config and client record into the page", async () => {
    const res = await get('/');
    const element = (id: string) => {
      const found = new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`).exec(
        res.body,
      );
      return found ? (JSON.parse(found[1]!) as unknown) : undefined;
    };
    expect(element(PAGE_CONFIG_ELEMENTS.runtime)).toMatchObject({ partnerId: 'travel' });
    const theme = await get(urlOf(partnersContracts.themeConfig, { theme: 'travel' }), travelKey);
    expect(element(PAGE_CONFIG_ELEMENTS.theme)).toEqual(theme.json());
    const client = await get(
      urlOf(partnersContracts.client, {}, { domain: 'http://travel.localhost' }),
      travelKey,
    );
    expect(element(PAGE_CONFIG_ELEMENTS.client)).toEqual(client.json());
    expect(res.body).not.toContain(PAGE_CONFIG_MARK);
  });

  it('compresses API answers above the threshold and keeps the conditional GET', async () => {
    const url = urlOf(contentContracts.translations, { theme: 'travel', file: 'english' });
    const res = await get(url, { ...travelKey, 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const text = decoded('gzip', res.rawPayload);
    expect(JSON.parse(text)).toHaveProperty('translation');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 3);

    const again = await get(url, {
      ...travelKey,
      'accept-encoding': 'gzip',
      'if-none-match': res.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('sends answers under the threshold as they are', async () => {
    const res = await get('/runtime-config.json', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ partnerId: 'travel' });
  });

  it('sends a large answer as it is to a client that accepts no compression', async () => {
    const res = await get(urlOf(partnersContracts.themeConfig, { theme: 'travel' }), {
      ...travelKey,
      'accept-encoding': 'identity',
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  describe('the live events stream', () => {
    let base = '';
    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    it('is never compressed, so each event arrives as it happens', async () => {
      const user = await signIn(t, 'travel');
      const stream = await openStream(base + urlOf(accountsContracts.events, { id: user.userId }), {
        ...user.headers,
        'accept-encoding': 'br, gzip',
      });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-encoding')).toBeNull();
      await stream.next((event) => event.event === LIVE_EVENTS.ready);
      const changed = await t.app.inject({
        method: 'PATCH',
        url: urlOf(accountsContracts.details, { id: user.userId }),
        headers: user.headers,
        payload: { firstName: 'Ada' },
      });
      expect(changed.statusCode).toBe(200);
      // A compressing stream would hold the few bytes of an event until its buffer fills.
      await stream.next((event) => event.event === LIVE_EVENTS.change, { timeoutMs: 2_000 });
      stream.close();
    });
  });
});
