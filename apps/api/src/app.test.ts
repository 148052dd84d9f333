import { describe, expect, it } from 'vitest';
import { API_ROOT, accountsContracts, apiErrorSchema, partnersContracts } from '@tern/domain';
import { travelKey, useTestApp } from '../test/app.ts';
import { signIn } from '../test/sign-in.ts';
import { urlOf } from '../test/urls.ts';

describe('platform behaviour of every route', () => {
  const t = useTestApp();

  it('answers /healthz once ready, without an api-key', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('refuses an /api/v1 call without api-key with 401 API_KEY_INVALID', async () => {
    const res = await t.app.inject({
      url: urlOf(partnersContracts.themeConfig, { theme: 'travel' }),
    });
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).code).toBe('API_KEY_INVALID');
  });

  it('refuses an unknown api-key with 401', async () => {
    const res = await t.app.inject({
      url: urlOf(partnersContracts.themeConfig, { theme: 'travel' }),
      headers: { 'api-key': 'tern_pk_forged' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('API_KEY_INVALID');
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    for (const url of ['/api/v1/no/such/route', '/nothing-here.json']) {
      const res = await t.app.inject({ method: 'DELETE', url, headers: travelKey });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Nobody frames the portal, itself included: only its widget panels may be (modules/widget).
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The portal frames the card vault's card-entry frame, on the vault's own origin only.
    expect(res.headers['content-security-policy']).toContain(
      "frame-src 'self' http://vault.localhost:3000",
    );
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('leaves requests on plain http outside production, where the portal is served on it', async () => {
    // Upgraded, a redirect to a signed download (a bag's photo) would go to https and fail.
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('gives API answers the API headers: not rendered, framed or kept unless the route says so', async () => {
    const user = await signIn(t, 'travel');
    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: user.userId }),
      headers: user.headers,
    });
    const refused = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: user.userId }),
    });
    for (const res of [details, refused]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeDefined();
      // The portal's page-only headers stay on the pages.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    expect(details.statusCode).toBe(200);
    expect(refused.statusCode).toBe(401);
    // A public read that may be kept says so itself.
    const theme = await t.app.inject({
      url: urlOf(partnersContracts.themeConfig, { theme: 'travel' }),
      headers: travelKey,
    });
    expect(theme.headers['cache-control']).toBe('private, max-age=300');
  });

  it("allows CORS from a partner's own domain", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: urlOf(partnersContracts.client),
      headers: {
        origin: 'http://business.localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'api-key',
      },
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://business.localhost:3000');
    expect(String(res.headers['access-control-allow-headers'])).toContain('api-key');
  });

  it('gives no CORS grant to any other origin, not even another port or scheme of a partner host', async () => {
    for (const origin of [
      'https://evil.example.com',
      'http://business.localhost:8080',
      'https://business.localhost:3000',
      'http://business.localhost',
    ]) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: urlOf(partnersContracts.client),
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('publishes an OpenAPI document listing every API route', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        API_ROOT + partnersContracts.client.path,
        API_ROOT + partnersContracts.themeConfig.path,
        '/runtime-config.json',
      ]),
    );
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ in: 'header', name: 'api-key' });
    // Every API route, whatever later issues add, must be in the document with its method.
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith(`${API_ROOT}/`));
    expect(apiRoutes.length).toBeGreaterThan(2);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(
        doc.paths[path]?.[route.method.toLowerCase()],
        `${route.method} ${path}`,
      ).toBeDefined();
    }
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('server errors', () => {
  const t = useTestApp();

  it('answer 500 INTERNAL_ERROR without stack or SQL', async () => {
    // A real failure underneath: the database goes away mid-flight.
    await t.database.db.execute('alter table partners rename to partners_gone');
    try {
      const res = await t.app.inject({
        url: urlOf(partnersContracts.themeConfig, { theme: 'business' }),
        headers: { 'api-key': 'tern_pk_never_cached' },
      });
      expect(res.statusCode).toBe(500);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe('INTERNAL_ERROR');
      expect(res.body).not.toMatch(/partners|select|stack|at /i);
    } finally {
      await t.database.db.execute('alter table partners_gone rename to partners');
    }
  });
});

describe('rate limiting', () => {
  const t = useTestApp({ config: { RATE_LIMIT_MAX: '5' } });

  it('answers 429 RATE_LIMITED past the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        (
          await t.app.inject({
            url: urlOf(partnersContracts.themeConfig, { theme: 'travel' }),
            headers: travelKey,
          })
        ).statusCode,
      );
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const res = await t.app.inject({
      url: urlOf(partnersContracts.themeConfig, { theme: 'travel' }),
      headers: travelKey,
    });
    expect(res.statusCode).toBe(429);
    expect(apiErrorSchema.parse(res.json()).code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
