import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  WIDGET_EMBED_SCRIPT_PATH,
  WIDGET_EVENTS,
  WIDGET_PANEL_NAMES,
  WIDGET_PANELS,
  widgetContracts,
  widgetSessionSchema,
} from '@tern/domain';
import { keyOf } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';

const SHOP = { host: 'shop.localhost:3000' };
const STRANGER = { host: 'stranger.localhost:3000' };
const PORTAL = 'http://travel.localhost:3000';

describe("the demo partners' shop", () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
  const tokenFor = async (query = '') => {
    const res = await t.app.inject({ method: 'POST', url: `/travel/token${query}`, headers: SHOP });
    return res;
  };
  const openSession = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(widgetContracts.session),
      headers: keyOf('travel'),
      payload: { token },
    });

  it('lists the demo partners on the shop host', async () => {
    const res = await get('/', SHOP);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<a href="/travel">Skyward Air</a>');
    expect(res.body).toContain('<a href="/identity">Northbank</a>');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it("embeds every panel, and the compact insurance, with the partner portal's embed script", async () => {
    const res = await get('/travel', SHOP);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain(`<script src="${PORTAL}${WIDGET_EMBED_SCRIPT_PATH}"></script>`);
    expect(html).toContain('<script src="/host.js" defer></script>');
    for (const panel of WIDGET_PANEL_NAMES)
      expect(html).toContain(`<div class="tern-panel" id="panel-${panel}" data-panel="${panel}">`);
    expect(html).toContain(
      '<div class="tern-panel" id="panel-insurance-basic" data-panel="insurance" data-basic="true">',
    );
    expect(html).toContain('<ol id="events"></ol>');
    expect(html).not.toMatch(/<script>/);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${PORTAL}`);
    expect(policy).toContain(`frame-src ${PORTAL}`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('serves its own script, which mounts each panel and lists every widget event', async () => {
    const res = await get('/host.js', SHOP);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toContain('TernWidget.mount(element');
    expect(res.body).toContain(JSON.stringify(WIDGET_EVENTS));
    // The script compiles (not run: it needs a page).
    expect(() => new Script(res.body)).not.toThrow();
  });

  it("mints a widget token for the partner's demo customer that opens a session for the shop", async () => {
    const res = await tokenFor();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const session = await openSession(res.json<{ token: string }>().token);
    expect(session.statusCode).toBe(201);
    expect(widgetSessionSchema.parse(session.json())).toMatchObject({
      origin: 'http://shop.localhost:3000',
      panels: WIDGET_PANEL_NAMES,
    });
    // The same customer every time: a second token opens the same account.
    const again = await openSession((await tokenFor()).json<{ token: string }>().token);
    expect(again.json().userId).toBe(session.json().userId);
  });

  it('mints for another demo customer of the partner, on the panels asked for', async () => {
    const res = await tokenFor('?user=employee@travel.example.com&panels=insurance,payoutmethods');
    const session = widgetSessionSchema.parse(
      (await openSession(res.json<{ token: string }>().token)).json(),
    );
    expect(session.panels).toEqual(['insurance', 'payoutmethods']);
    // Staff, another partner's users and panels nobody has are refused.
    expect((await tokenFor('?user=admin@travel.example.com')).statusCode).toBe(404);
    expect((await tokenFor('?user=user@business.example.com')).statusCode).toBe(404);
    const badPanels = await tokenFor('?panels=insurance,cockpit');
    expect(badPanels.statusCode).toBe(400);
    expect(badPanels.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'panels' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/nobody/token', headers: SHOP })).statusCode,
    ).toBe(404);
  });

  it('serves nothing else of this server on the shop host, and nothing of the shop elsewhere', async () => {
    for (const url of [
      WIDGET_PANELS.dashboard.path,
      '/runtime-config.json',
      urlOf(widgetContracts.session),
      '/travel/token',
    ]) {
      const res = await get(url, SHOP);
      expect(res.statusCode).toBe(404);
    }
    for (const host of [{ host: 'travel.localhost:3000' }, { host: 'shop.localhost:3001' }]) {
      // Not the shop's script: a 404, or where the portal is built, the portal's own page.
      const script = await get('/host.js', host);
      expect(script.body).not.toContain('TernWidget');
      expect(String(script.headers['content-type'])).not.toMatch(/javascript/);
      const token = await t.app.inject({ method: 'POST', url: '/travel/token', headers: host });
      expect(token.statusCode).toBe(404);
    }
    // The portal's own routes still answer on the portal's host.
    expect((await get('/runtime-config.json', { host: 'travel.localhost:3000' })).statusCode).toBe(
      200,
    );
  });

  it("frames a panel, a token's panel and the portal from a stranger's origin", async () => {
    const res = await get('/travel', STRANGER);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<iframe title="A panel" src="${PORTAL}${WIDGET_PANELS.dashboard.path}">`,
    );
    expect(res.body).toMatch(
      new RegExp(`<iframe title="[^"]+" src="${PORTAL}${WIDGET_PANELS.insurance.path}\\?token=eyJ`),
    );
    expect(res.body).toContain(`<iframe title="The portal" src="${PORTAL}/">`);
    expect(res.headers['content-security-policy']).toContain(`frame-src ${PORTAL}`);
    expect((await get('/', STRANGER)).statusCode).toBe(200);
    expect((await get('/host.js', STRANGER)).statusCode).toBe(404);
  });
});
