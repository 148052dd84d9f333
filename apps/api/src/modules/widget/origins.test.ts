import { describe, expect, it } from 'vitest';
import {
  MAX_EMBEDDING_ORIGINS,
  WIDGET_PANELS,
  embeddingOriginsSchema,
  widgetContracts,
} from '@tern/domain';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { signedIn } from '../../../test/accounts.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn } from '../../../test/sign-in.ts';

const SHOP = 'http://shop.localhost:4000';
const BLOG = 'https://blog.skyward.example';
const travel = { params: { partnerId: 'travel' } };
const frameAncestors = (policy: string | string[] | number | undefined) =>
  String(policy).match(/frame-ancestors ([^;]*)/)?.[1];

describe("a partner's embedding origins", () => {
  const t = useTestApp();
  const call = callAs(t);
  const put = (
    who: { headers: Record<string, string> },
    origins: unknown[],
    partnerId = 'travel',
  ) => call(widgetContracts.setOrigins, who, { params: { partnerId }, body: { origins } });

  it('lets an ADMIN read and replace the list, and a widget page lets exactly those frame it', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const set = await put(admin, [SHOP, BLOG, SHOP]);
    expect(set.statusCode, set.body).toBe(200);
    // Each origin once, in the order given.
    expect(embeddingOriginsSchema.parse(set.json())).toEqual({ origins: [SHOP, BLOG] });
    const read = await call(widgetContracts.origins, admin, travel);
    expect(read.json()).toEqual({ origins: [SHOP, BLOG] });

    // This process reads the change at once: no 30 s wait for the frame policy.
    const page = await t.app.inject({
      url: WIDGET_PANELS.insurance.path,
      headers: { host: 'travel.localhost:3000' },
    });
    expect(frameAncestors(page.headers['content-security-policy'])).toBe(`${SHOP} ${BLOG}`);

    expect((await put(admin, [])).json()).toEqual({ origins: [] });
    const none = await t.app.inject({
      url: WIDGET_PANELS.insurance.path,
      headers: { host: 'travel.localhost:3000' },
    });
    expect(frameAncestors(none.headers['content-security-policy'])).toBe("'none'");
  });

  it("keeps the partner's other configuration as it was", async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const before = await t.app.partners.themeConfig('travel');
    await put(admin, [BLOG]);
    const after = await t.app.partners.themeConfig('travel');
    expect(after.config.widget.embeddingOrigins).toEqual([BLOG]);
    expect({ ...after.config, widget: undefined }).toEqual({ ...before.config, widget: undefined });
  });

  it('lets the back end manage the list with its server secret', async () => {
    const backEnd = {
      headers: {
        'api-key': demoPartner('travel').apiKey,
        authorization: `Bearer ${demoPartner('travel').serverSecret}`,
      },
    };
    expect((await put(backEnd, [SHOP])).statusCode).toBe(200);
    expect((await call(widgetContracts.origins, backEnd, travel)).json()).toEqual({
      origins: [SHOP],
    });
  });

  it('refuses an AGENT and a customer with 403, and another partner’s list with 404', async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    const customer = await signIn(t, 'travel');
    for (const who of [agent, customer]) {
      expectApiError(await call(widgetContracts.origins, who, travel), 403, 'PARTNER_ONLY');
      expectApiError(await put(who, [SHOP]), 403, 'PARTNER_ONLY');
    }
    const admin = await signedIn(t, 'admin@travel.example.com');
    expectApiError(
      await call(widgetContracts.origins, admin, { params: { partnerId: 'business' } }),
      404,
      'PARTNER_NOT_FOUND',
    );
    expectApiError(await put(admin, [SHOP], 'business'), 404, 'PARTNER_NOT_FOUND');
  });

  it('answers 400 on origins for anything but exact origins, or too many', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    await put(admin, [SHOP]);
    for (const bad of [
      'https://shop.example/page',
      'https://Shop.example',
      'https://shop.example/',
      'ftp://shop.example',
      'shop.example',
      42,
    ]) {
      const res = await put(admin, [BLOG, bad]);
      const error = expectApiError(res, 400, 'INVALID_PARAMS');
      expect(error.field).toMatch(/^origins/);
    }
    const many = Array.from(
      { length: MAX_EMBEDDING_ORIGINS + 1 },
      (_, i) => `https://shop${i}.example`,
    );
    expect(expectApiError(await put(admin, many), 400, 'INVALID_PARAMS').field).toMatch(/^origins/);
    // Nothing was changed by a refused request.
    expect((await call(widgetContracts.origins, admin, travel)).json()).toEqual({
      origins: [SHOP],
    });
  });
});

describe("a partner's embedding origins in production", () => {
  const t = useTestApp({ config: { NODE_ENV: 'production' } });

  it('refuses a plain http origin with EMBEDDING_ORIGIN_INSECURE on origins, and takes https', async () => {
    const call = callAs(t);
    const admin = await signedIn(t, 'admin@travel.example.com');
    const insecure = await call(widgetContracts.setOrigins, admin, {
      ...travel,
      body: { origins: [BLOG, 'http://shop.skyward.example'] },
    });
    expectApiError(insecure, 400, 'EMBEDDING_ORIGIN_INSECURE', 'origins');
    const secure = await call(widgetContracts.setOrigins, admin, {
      ...travel,
      body: { origins: [BLOG] },
    });
    expect(secure.statusCode, secure.body).toBe(200);
  });
});
