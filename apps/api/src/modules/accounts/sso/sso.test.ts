import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { accountPages, accountsContracts, routeName, ssoResponseSchema } from '@tern/domain';
import { partnerSecrets } from '../../partners/tables.ts';
import { users } from '../tables.ts';
import { mintPartnerToken } from '@tern/partner-client';
import { SSO_MAX_LIFETIME_S } from '../limits.ts';
import { sha256 } from '../../../lib/secrets.ts';
import { bearer, keyOf } from '../../../../test/accounts.ts';
import { demoPartner, useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';

const SECRET = demoPartner('travel').serverSecret;

describe(routeName(accountsContracts.sso), () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const mint = (overrides: Partial<Parameters<typeof mintPartnerToken>[0]> = {}) =>
    mintPartnerToken({
      partnerId: 'travel',
      audience: overrides.partnerId ?? 'travel',
      ttlSeconds: SSO_MAX_LIFETIME_S,
      secret: SECRET,
      kid: 'travel-demo',
      customer: 'C123',
      email: 'Casey.Customer@Example.com',
      first: 'Casey',
      last: 'Customer',
      phone: '+14165550177',
      locale: 'fr_CA',
      now: t.clock.now(),
      ...overrides,
    });
  const sso = (token: string, partnerId = 'travel') =>
    t.app.inject({ url: urlOf(accountsContracts.sso, { token }), headers: keyOf(partnerId) });
  const refused = async (token: string, partnerId = 'travel') => {
    const res = await sso(token, partnerId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNAUTHORISED',
      status: 401,
      message: 'Single sign-on failed',
    });
  };

  it('creates the customer on first sign-in, linked by the partner id, and signs in', async () => {
    const res = await sso(await mint());
    expect(res.statusCode).toBe(200);
    const body = ssoResponseSchema.parse(res.json());
    const [user] = await t.database.db.select().from(users).where(eq(users.id, body.userId));
    expect(user).toMatchObject({
      partnerId: 'travel',
      externalId: 'C123',
      emailAddress: 'casey.customer@example.com',
      firstName: 'Casey',
      surname: 'Customer',
      mobilePhoneNumber: '+14165550177',
      locale: 'fr-CA',
      roles: ['USER'],
      terms: 'PENDING',
      passwordHash: null,
    });
    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: body.userId }),
      headers: bearer(body.accessToken),
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().comms).toHaveLength(4);

    // The next token for the same customer signs in to the same account.
    const again = ssoResponseSchema.parse(
      (await sso(await mint({ email: 'new@example.com' }))).json(),
    );
    expect(again.userId).toBe(body.userId);
    expect(again.accessToken).not.toBe(body.accessToken);
  });

  it('links an existing account by its email', async () => {
    const res = await sso(await mint({ customer: 'C-AGENT-9', email: 'USER@travel.example.com' }));
    expect(res.statusCode).toBe(200);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.partnerId, 'travel'), eq(users.emailAddress, 'user@travel.example.com')));
    expect(user!.externalId).toBe('C-AGENT-9');
    expect(res.json().userId).toBe(user!.id);
    // Another customer id cannot take that account over.
    await refused(await mint({ customer: 'C-OTHER', email: 'user@travel.example.com' }));
  });

  it('never opens a staff account (ADMIN, AGENT), by email or by a customer id linked to it', async () => {
    await refused(await mint({ customer: 'C-ADMIN', email: 'admin@travel.example.com' }));
    await refused(await mint({ customer: 'C-AGENT', email: 'Agent@Travel.example.com' }));
    const [admin] = await t.database.db
      .select()
      .from(users)
      .where(
        and(eq(users.partnerId, 'travel'), eq(users.emailAddress, 'admin@travel.example.com')),
      );
    expect(admin!.externalId).toBeNull();
    // Even an id linked to a staff account some other way is refused.
    await t.database.db
      .update(users)
      .set({ externalId: 'C-STAFF-LINKED' })
      .where(eq(users.id, admin!.id));
    await refused(await mint({ customer: 'C-STAFF-LINKED', email: 'someone@example.com' }));
  });

  it('refuses a replayed token', async () => {
    const token = await mint({ customer: 'C-REPLAY', email: 'replay@example.com' });
    expect((await sso(token)).statusCode).toBe(200);
    await refused(token);
  });

  it('refuses an expired token', async () => {
    const token = await mint({ customer: 'C-LATE', email: 'late@example.com', ttlSeconds: 60 });
    t.clock.advance(61_000 + 30_000);
    await refused(token);
  });

  it('refuses a token that lives longer than 5 minutes', async () => {
    await refused(await mint({ customer: 'C-LONG', email: 'long@example.com', ttlSeconds: 301 }));
    await refused(await mint({ customer: 'C-DAY', email: 'day@example.com', ttlSeconds: 86_400 }));
  });

  it('refuses a token issued for another audience or by another issuer', async () => {
    await refused(
      await mint({ customer: 'C-AUD', email: 'aud@example.com', audience: 'business' }),
    );
    await refused(await mint({ customer: 'C-ISS', email: 'iss@example.com', issuer: 'business' }));
  });

  it("refuses an unknown kid, another partner's kid, and a revoked secret", async () => {
    await refused(await mint({ customer: 'C-KID', email: 'kid@example.com', kid: 'nobody-demo' }));
    // A business token (right secret, right claims) presented at the travel portal.
    const business = await mint({
      partnerId: 'business',
      secret: demoPartner('business').serverSecret,
      kid: 'business-demo',
      customer: 'C-B',
      email: 'b@example.com',
    });
    await refused(business);
    expect((await sso(business, 'business')).statusCode).toBe(200);

    await t.database.db
      .update(partnerSecrets)
      .set({ revokedAt: t.clock.now() })
      .where(eq(partnerSecrets.kid, 'business-demo'));
    await refused(
      await mint({
        partnerId: 'business',
        secret: demoPartner('business').serverSecret,
        kid: 'business-demo',
        customer: 'C-B2',
        email: 'b2@example.com',
      }),
      'business',
    );
  });

  it('refuses a token without kid, or with an empty or non-text one, however well signed (ADR 0003: kid names the secret)', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const signed = (header: Record<string, unknown>, customer: string) =>
      new SignJWT({ email: `${customer}@example.com`, given_name: 'K', family_name: 'Id' })
        .setProtectedHeader({ alg: 'HS256', ...header })
        .setSubject(customer)
        .setIssuer('travel')
        .setAudience('travel')
        .setJti(`jti-${customer}`)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(new TextEncoder().encode(SECRET));
    await refused(await signed({}, 'c-nokid'));
    await refused(await signed({ kid: '' }, 'c-emptykid'));
    await refused(await signed({ kid: 7 }, 'c-numberkid'));
    await refused(await signed({ kid: ['travel-demo'] }, 'c-listkid'));
    // The same token naming the secret is let in: only the kid made the difference.
    expect((await sso(await signed({ kid: 'travel-demo' }, 'c-kid'))).statusCode).toBe(200);
  });

  it('refuses a token signed with another secret, or with the stored hash of the secret', async () => {
    await refused(
      await mint({ customer: 'C-S', email: 's@example.com', secret: 'guessed-secret' }),
    );
    await refused(await mint({ customer: 'C-H', email: 'h@example.com', secret: sha256(SECRET) }));
  });

  it('refuses another algorithm, missing claims and a token that is not a JWT', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', kid: 'travel-demo' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({ sub: 'C-N', iss: 'travel', aud: 'travel', iat: now, exp: now + 60 }),
      ).toString('base64url'),
      '',
    ].join('.');
    await refused(unsigned);
    const noEmail = await new SignJWT({ given_name: 'A', family_name: 'B' })
      .setProtectedHeader({ alg: 'HS256', kid: 'travel-demo' })
      .setSubject('C-NOEMAIL')
      .setIssuer('travel')
      .setAudience('travel')
      .setJti('jti-no-email-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(SECRET));
    await refused(noEmail);
    await refused('definitely-not-a-jwt');
  });

  it('accepts the token `npm run sso:token` prints', async () => {
    const cli = fileURLToPath(new URL('../../../cli/sso-token.ts', import.meta.url));
    const args = ['--partner', 'identity', '--customer', 'C-CLI', '--email', 'cli@example.com'];
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      cli,
      ...args,
    ]);
    const token = stdout.match(/^(eyJ[\w-]+\.[\w-]+\.[\w-]+)$/m)![1]!;
    // The portal's SSO page (the web app serves it at this path, with the token as a query).
    expect(stdout).toContain(`http://identity.localhost:3000${accountPages.sso}?token=${token}`);
    // The command signs with the real time; bring the test clock to it.
    t.clock.advance(Date.now() - t.clock.now().getTime());
    const res = await sso(token, 'identity');
    expect(res.statusCode).toBe(200);
  });

  it('stores the secret encrypted, never in the clear', async () => {
    const rows = await t.database.db.select().from(partnerSecrets);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(rows.every((r) => r.secretCiphertext.startsWith('v1.'))).toBe(true);
  });
});
