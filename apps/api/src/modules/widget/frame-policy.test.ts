import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { WIDGET_PANELS, WIDGET_TOKEN_PARAM, widgetContracts } from '@tern/domain';
import { TOKEN_MAX_LIFETIME_S, mintPartnerToken } from '@tern/partner-client';
import { demoShopOrigin } from '../../seed/demo-world.ts';
import { keyOf } from '../../../test/accounts.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';
import { partners } from '../partners/tables.ts';

/** A built web app, as the web routes serve it: every page is its index.html. */
const dist = mkdtempSync(join(tmpdir(), 'tern-dist-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><!--tern-runtime-config--></head><body><div id="root"></div></body></html>',
);

const SHOP = demoShopOrigin(3000);
const OTHER = 'https://www.skyward.example';
const travel = { host: 'travel.localhost:3000' };
const panel = WIDGET_PANELS.insurance.path;

const frameAncestors = (policy: string | string[] | number | undefined) =>
  String(policy).match(/frame-ancestors ([^;]*)/)?.[1];

describe("the widget pages' frame policy", () => {
  const lines: string[] = [];
  const t = useTestApp({
    config: { WEB_DIST: dist, LOG_LEVEL: 'info' },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const setOrigins = async (partnerId: string, embeddingOrigins: string[]) => {
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, partnerId));
    await t.database.db
      .update(partners)
      .set({ config: { ...row!.config, widget: { embeddingOrigins } } })
      .where(eq(partners.id, partnerId));
    t.app.partners.clearCaches();
  };
  const mint = (audience: string, ttlSeconds = TOKEN_MAX_LIFETIME_S) =>
    mintPartnerToken({
      partnerId: 'travel',
      secret: demoPartner('travel').serverSecret,
      kid: 'travel-demo',
      audience,
      customer: `F-${audience}-${ttlSeconds}`,
      email: 'frame@example.com',
      first: 'Fra',
      last: 'Me',
      ttlSeconds,
      now: t.clock.now(),
    });
  const page = (path: string, host = travel) => t.app.inject({ url: path, headers: host });
  const withToken = (token: string) =>
    `${panel}?${WIDGET_TOKEN_PARAM}=${encodeURIComponent(token)}`;

  it("lets the partner's embedding origins frame a panel, and no X-Frame-Options forbids it", async () => {
    await setOrigins('travel', [SHOP, OTHER]);
    for (const path of [panel, WIDGET_PANELS.dashboard.path, '/widgets/401']) {
      const res = await page(path);
      expect(res.statusCode).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy'])).toBe(`${SHOP} ${OTHER}`);
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      // The rest of the portal's policy stays.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('lets only the origin a good, unused token was minted for frame its panel', async () => {
    const token = await mint(OTHER);
    const res = await page(withToken(token));
    expect(frameAncestors(res.headers['content-security-policy'])).toBe(OTHER);
    // Looking at the token does not use it up: the panel opens its session with it.
    const again = await page(withToken(token));
    expect(frameAncestors(again.headers['content-security-policy'])).toBe(OTHER);
    const session = await t.app.inject({
      method: 'POST',
      url: urlOf(widgetContracts.session),
      headers: keyOf('travel'),
      payload: { token },
    });
    expect(session.statusCode).toBe(201);
    // Used, it names nobody in particular: the list again.
    const used = await page(withToken(token));
    expect(frameAncestors(used.headers['content-security-policy'])).toBe(`${SHOP} ${OTHER}`);
  });

  it('falls back to the list for a token that is expired, altered or for an origin not listed', async () => {
    const expired = await mint(OTHER, 60);
    const altered = `${(await mint(OTHER)).slice(0, -2)}xx`;
    const stranger = await mint('http://stranger.localhost:3000');
    t.clock.advance(91_000);
    for (const token of [expired, altered, stranger, 'junk']) {
      const res = await page(withToken(token));
      expect(res.statusCode).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy'])).toBe(`${SHOP} ${OTHER}`);
    }
  });

  it('lets nobody frame the panels of a partner without embedding origins', async () => {
    await setOrigins('business', []);
    const res = await page(panel, { host: 'business.localhost:3000' });
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('lets nobody frame any other page of the portal, itself included', async () => {
    for (const path of ['/', '/dashboard', '/widgets', '/insurance?token=x']) {
      const res = await page(path);
      expect(res.statusCode).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('keeps the token out of the log', async () => {
    const token = await mint(SHOP);
    lines.length = 0;
    await page(withToken(token));
    const log = lines.join('');
    expect(log).toContain(`${panel}?${WIDGET_TOKEN_PARAM}=[Redacted]`);
    expect(log).not.toContain(token.split('.')[2]!);
  });
});
