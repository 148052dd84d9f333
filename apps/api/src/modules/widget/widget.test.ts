import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  WIDGET_PANEL_NAMES,
  WIDGET_PANELS,
  accessProfileFor,
  accountsContracts,
  luggageContracts,
  routeName,
  userAccessSchema,
  widgetContracts,
  widgetSessionSchema,
} from '@tern/domain';
import { TOKEN_MAX_LIFETIME_S, mintPartnerToken } from '@tern/partner-client';
import { demoShopOrigin } from '../../seed/demo-world.ts';
import { bearer, keyOf } from '../../../test/accounts.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';
import { sessions, users } from '../accounts/tables.ts';
import { partners } from '../partners/tables.ts';

const SHOP = demoShopOrigin(3000);
const SECRET = demoPartner('travel').serverSecret;

describe(routeName(widgetContracts.session), () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  let customers = 0;
  /** A widget token of the travel partner for a new customer, for the demo shop's page. */
  const mint = (overrides: Partial<Parameters<typeof mintPartnerToken>[0]> = {}) => {
    customers += 1;
    return mintPartnerToken({
      partnerId: 'travel',
      secret: SECRET,
      kid: 'travel-demo',
      audience: SHOP,
      customer: `W-${customers}`,
      email: `widget-${customers}@example.com`,
      first: 'Wanda',
      last: 'Widget',
      ttlSeconds: TOKEN_MAX_LIFETIME_S,
      now: t.clock.now(),
      ...overrides,
    });
  };
  const open = (token: string, partnerId = 'travel') =>
    t.app.inject({
      method: 'POST',
      url: urlOf(widgetContracts.session),
      headers: keyOf(partnerId),
      payload: { token },
    });
  const refused = async (token: string, partnerId = 'travel') => {
    const res = await open(token, partnerId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNAUTHORISED',
      status: 401,
      message: 'Widget sign-in failed',
    });
  };
  const setOrigins = async (partnerId: string, embeddingOrigins: string[]) => {
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, partnerId));
    await t.database.db
      .update(partners)
      .set({ config: { ...row!.config, widget: { embeddingOrigins } } })
      .where(eq(partners.id, partnerId));
    t.app.partners.clearCaches();
  };

  it('opens a widget session for the customer, on every panel, for the origin it was minted for', async () => {
    const res = await open(await mint({ customer: 'W-NEW', email: 'New.Widget@Example.com' }));
    expect(res.statusCode).toBe(201);
    const session = widgetSessionSchema.parse(res.json());
    expect(session.origin).toBe(SHOP);
    expect(session.panels).toEqual(WIDGET_PANEL_NAMES);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, session.userId));
    expect(user).toMatchObject({
      partnerId: 'travel',
      externalId: 'W-NEW',
      emailAddress: 'new.widget@example.com',
      roles: ['USER'],
    });
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, session.userId));
    expect(row).toMatchObject({ kind: 'widget', panels: null });
    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: session.userId }),
      headers: bearer(session.accessToken),
    });
    expect(details.statusCode).toBe(200);
  });

  it('links the demo customer by email, as single sign-on does', async () => {
    const res = await open(await mint({ customer: 'W-UMA', email: 'user@travel.example.com' }));
    expect(res.statusCode).toBe(201);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.partnerId, 'travel'), eq(users.emailAddress, 'user@travel.example.com')));
    expect(res.json().userId).toBe(user!.id);
    expect(user!.externalId).toBe('W-UMA');
    // A staff account is never opened by a token.
    await refused(await mint({ customer: 'W-ADMIN', email: 'admin@travel.example.com' }));
  });

  it('keeps the panels the token names, in the panels’ order, each once', async () => {
    const res = await open(await mint({ panels: ['luggage', 'insurance', 'luggage'] }));
    expect(res.statusCode).toBe(201);
    const session = widgetSessionSchema.parse(res.json());
    expect(session.panels).toEqual(['insurance', 'luggage']);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, session.userId));
    expect(row!.panels).toEqual(['insurance', 'luggage']);
  });

  it('refuses a token used once already', async () => {
    const token = await mint();
    expect((await open(token)).statusCode).toBe(201);
    await refused(token);
  });

  it('refuses an expired token, and one that lives longer than 5 minutes', async () => {
    const token = await mint({ ttlSeconds: 60 });
    t.clock.advance(61_000 + 30_000);
    await refused(token);
    await refused(await mint({ ttlSeconds: TOKEN_MAX_LIFETIME_S + 1 }));
  });

  it('refuses an altered token', async () => {
    const token = await mint();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'W-SOMEONE-ELSE' })).toString(
      'base64url',
    );
    await refused([header, forged, signature].join('.'));
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    await refused([header, payload, flipped].join('.'));
    await refused('not-a-widget-token');
  });

  it("refuses another partner's token, a guessed secret and an unknown kid", async () => {
    const business = await mint({
      partnerId: 'business',
      secret: demoPartner('business').serverSecret,
      kid: 'business-demo',
    });
    // Business's own token at the travel portal: not travel's.
    await refused(business);
    // Travel's claims signed with business's secret and kid.
    await refused(
      await mint({ secret: demoPartner('business').serverSecret, kid: 'business-demo' }),
    );
    await refused(await mint({ secret: 'guessed-secret' }));
    await refused(await mint({ kid: 'nobody-demo' }));
    // The same business token is good where it belongs.
    expect((await open(business, 'business')).statusCode).toBe(201);
  });

  it('refuses an origin the partner does not list, exactly, and every token of a partner that lists none', async () => {
    for (const audience of [
      'http://stranger.localhost:3000',
      'http://shop.localhost:3001',
      'https://shop.localhost:3000',
      `${SHOP}/`,
    ])
      await refused(await mint({ audience }));
    await setOrigins('identity', []);
    await refused(
      await mint({
        partnerId: 'identity',
        secret: demoPartner('identity').serverSecret,
        kid: 'identity-demo',
      }),
      'identity',
    );
  });

  it('refuses a token that names panels it has none of, or no panel', async () => {
    await refused(await mint({ panels: ['insurance', 'cockpit'] }));
    await refused(await mint({ panels: [] }));
  });

  it('takes no single sign-on token for a widget token, nor a widget token for single sign-on', async () => {
    const sso = await mint({ audience: 'travel' });
    await refused(sso);
    const widget = await mint();
    const res = await t.app.inject({
      url: urlOf(accountsContracts.sso, { token: widget }),
      headers: keyOf('travel'),
    });
    expect(res.statusCode).toBe(401);
    // Neither was used up by the attempt: each still works where it belongs.
    expect(
      (
        await t.app.inject({
          url: urlOf(accountsContracts.sso, { token: sso }),
          headers: keyOf('travel'),
        })
      ).statusCode,
    ).toBe(200);
    expect((await open(widget)).statusCode).toBe(201);
  });

  it('takes no token naming both audiences at once', async () => {
    const { SignJWT } = await import('jose');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const both = await new SignJWT({
      email: 'both@example.com',
      given_name: 'B',
      family_name: 'Oth',
    })
      .setProtectedHeader({ alg: 'HS256', kid: 'travel-demo' })
      .setSubject('W-BOTH')
      .setIssuer('travel')
      .setAudience(['travel', SHOP])
      .setJti('jti-both-audiences')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(SECRET));
    await refused(both);
    const res = await t.app.inject({
      url: urlOf(accountsContracts.sso, { token: both }),
      headers: keyOf('travel'),
    });
    expect(res.statusCode).toBe(401);
  });

  describe("a widget session's access", () => {
    const sessionOn = async (panels?: string[]) => {
      const res = await open(await mint(panels ? { panels } : {}));
      return widgetSessionSchema.parse(res.json());
    };
    const accessOf = async (session: { userId: string; accessToken: string }) => {
      const res = await t.app.inject({
        url: urlOf(accountsContracts.access, { id: session.userId }),
        headers: bearer(session.accessToken),
      });
      expect(res.statusCode).toBe(200);
      return userAccessSchema.parse(res.json()).accessProfile.map((entry) => entry.feature);
    };

    it("is the customer's whole profile with every panel", async () => {
      expect(await accessOf(await sessionOn())).toEqual(
        accessProfileFor(['USER']).map((entry) => entry.feature),
      );
    });

    it('leaves out the features of the panels it lacks', async () => {
      const features = await accessOf(await sessionOn(['insurance', 'dashboard']));
      expect(features).toContain(WIDGET_PANELS.insurance.feature);
      for (const panel of ['luggage', 'passengers', 'payoutmethods'] as const)
        expect(features).not.toContain(WIDGET_PANELS[panel].feature);
      // What no panel gates stays: the insurance panel's trips and resolutions.
      expect(features).toContain('customer-travel-trips');
      expect(features).toContain('customer-travel-resolutions');
    });

    it("answers the luggage area's calls with 404 without the luggage panel, as the area gate does", async () => {
      const without = await sessionOn(['insurance']);
      const refusedCall = await t.app.inject({
        url: urlOf(luggageContracts.bags),
        headers: bearer(without.accessToken),
      });
      expect(refusedCall.statusCode).toBe(404);
      expect(refusedCall.json().code).toBe('ROUTE_NOT_FOUND');
      // Before its request is read: a bad report answers the same.
      const report = await t.app.inject({
        method: 'POST',
        url: urlOf(luggageContracts.reportBag),
        headers: bearer(without.accessToken),
        payload: {},
      });
      expect(report.statusCode).toBe(404);

      const withLuggage = await sessionOn(['luggage']);
      const bags = await t.app.inject({
        url: urlOf(luggageContracts.bags),
        headers: bearer(withLuggage.accessToken),
      });
      expect(bags.statusCode).toBe(200);
    });
  });

  it('accepts the token `npm run widget:token` prints, on the panels it names', async () => {
    const cli = fileURLToPath(new URL('../../cli/widget-token.ts', import.meta.url));
    const args = [
      ...['--partner', 'travel', '--customer', 'W-CLI', '--email', 'cli@example.com'],
      ...['--panels', 'insurance,luggage'],
    ];
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      cli,
      ...args,
    ]);
    const token = stdout.match(/^(eyJ[\w-]+\.[\w-]+\.[\w-]+)$/m)![1]!;
    expect(stdout).toContain(
      `http://travel.localhost:3000${WIDGET_PANELS.luggage.path}?token=${token}`,
    );
    expect(stdout).not.toContain(WIDGET_PANELS.dashboard.path);
    // The command signs with the real time; bring the test clock to it.
    t.clock.advance(Date.now() - t.clock.now().getTime());
    const res = await open(token);
    expect(res.statusCode).toBe(201);
    expect(widgetSessionSchema.parse(res.json())).toMatchObject({
      origin: SHOP,
      panels: ['insurance', 'luggage'],
    });
  });
});
