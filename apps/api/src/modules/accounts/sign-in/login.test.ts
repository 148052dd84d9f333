import { describe, expect, it } from 'vitest';
import { accountsContracts, apiErrorSchema, loginResponseSchema, routeName } from '@tern/domain';
import { DEMO_PASSWORD } from '../../../seed/demo-world.ts';
import { bearer, login, signedIn } from '../../../../test/accounts.ts';
import { travelKey, useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';

const MINUTE = 60_000;

describe(routeName(accountsContracts.login), () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });

  it('signs in with email and password, the email in any case, for 60 minutes', async () => {
    const res = await login(t, 'User@Travel.Example.com');
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    if (body.status !== 'OK') throw new Error('expected a session');
    expect(body.id).toBe(body.userId);
    expect(new Date(body.expiresAt).getTime() - t.clock.now().getTime()).toBe(60 * MINUTE);
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });

  it('gives a new token at every login, each valid on its own', async () => {
    const first = await signedIn(t, 'user@travel.example.com');
    const second = await signedIn(t, 'user@travel.example.com');
    expect(first.token).not.toBe(second.token);
    for (const session of [first, second]) {
      const res = await t.app.inject({
        url: urlOf(accountsContracts.details, { id: session.userId }),
        headers: session.headers,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrong = await login(t, 'admin@travel.example.com', 'Not-the-password-1');
    const unknown = await login(t, 'nobody@travel.example.com', 'Not-the-password-1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(apiErrorSchema.parse(res.json()).code).toBe('INCORRECT_CREDENTIALS');
    }
    expect(unknown.body).toBe(wrong.body);
  });

  // An unknown email takes as long as a wrong password because it is checked against an
  // argon2id hash of the same cost: login-service.test.ts checks that deterministically (a
  // wall-clock ratio here failed on busy machines).

  it('holds an account at one address after 5 wrong passwords: 429 with Retry-After, the right password too, then lets it in after 15 minutes', async () => {
    const address = '198.51.100.1';
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const res = await login(
        t,
        'admin@business.example.com',
        `Wrong-password-${i}`,
        'business',
        address,
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(apiErrorSchema.parse(res.json()).code).toBe('RATE_LIMITED');
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    // Even the right password, from that address, waits for the window to pass…
    const right = await login(t, 'admin@business.example.com', undefined, 'business', address);
    expect(right.statusCode).toBe(429);
    // …while from any other address the owner signs in (lockout.test.ts: the guessing limits).
    expect(
      (await login(t, 'admin@business.example.com', undefined, 'business', '192.0.2.99'))
        .statusCode,
    ).toBe(200);

    t.clock.advance(15 * MINUTE + 1000);
    const later = await login(t, 'admin@business.example.com', undefined, 'business', address);
    expect(later.statusCode).toBe(200);
  });

  it('counts the limit for an unknown email too, so it cannot tell accounts apart', async () => {
    for (let i = 0; i < 5; i++) await login(t, 'ghost@travel.example.com', 'Wrong-password-1');
    expect((await login(t, 'ghost@travel.example.com', 'Wrong-password-1')).statusCode).toBe(429);
  });

  it('a success clears the failures of the account', async () => {
    for (let i = 0; i < 4; i++) await login(t, 'agent@identity.example.com', 'Wrong-1', 'identity');
    expect((await login(t, 'agent@identity.example.com', undefined, 'identity')).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 4; i++) {
      const res = await login(t, 'agent@identity.example.com', 'Wrong-1', 'identity');
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses 50 failures from one address whatever the accounts, then that address', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < 50; i++) {
      const res = await login(t, `spray${i % 10}@travel.example.com`, 'Wrong-1', 'travel', address);
      expect(res.statusCode).toBe(401);
    }
    const next = await login(t, 'user@travel.example.com', undefined, 'travel', address);
    expect(next.statusCode).toBe(429);
    // Another address still gets in.
    expect((await login(t, 'user@travel.example.com')).statusCode).toBe(200);
  });

  it("answers 404 PARTNER_NOT_FOUND when partnerId is not the api-key's partner", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.login),
      headers: travelKey,
      payload: {
        emailAddress: 'user@business.example.com',
        password: DEMO_PASSWORD,
        partnerId: 'business',
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PARTNER_NOT_FOUND');
  });

  it("does not sign in to another partner's account through this partner's portal", async () => {
    const res = await login(t, 'user@business.example.com');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INCORRECT_CREDENTIALS');
  });

  it('refuses a missing password and a malformed email on their fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.login),
      headers: travelKey,
      payload: { emailAddress: 'not an email', password: '', partnerId: 'travel' },
    });
    expect(res.statusCode).toBe(400);
    const fields = apiErrorSchema.parse(res.json()).details!.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['emailAddress', 'password']));
  });
});

describe('sessions', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });

  it(`${routeName(accountsContracts.logout)} ends the session: its token then answers 401`, async () => {
    const session = await signedIn(t, 'user@travel.example.com');
    const other = await signedIn(t, 'user@travel.example.com');
    const out = await t.app.inject({
      url: urlOf(accountsContracts.logout),
      headers: session.headers,
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'LOGGED_OUT' });

    const after = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: session.userId }),
      headers: session.headers,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORISED');
    const again = await t.app.inject({
      url: urlOf(accountsContracts.logout),
      headers: session.headers,
    });
    expect(again.statusCode).toBe(401);
    // Only that session ended.
    const stillIn = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: other.userId }),
      headers: other.headers,
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it('logout needs a session', async () => {
    const res = await t.app.inject({
      url: urlOf(accountsContracts.logout),
      headers: travelKey,
    });
    expect(res.statusCode).toBe(401);
  });

  it('a session lives 60 minutes from login, then answers 401', async () => {
    const session = await signedIn(t, 'user@identity.example.com', undefined, 'identity');
    const read = () =>
      t.app.inject({
        url: urlOf(accountsContracts.details, { id: session.userId }),
        headers: session.headers,
      });
    t.clock.advance(59 * MINUTE);
    expect((await read()).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    const expired = await read();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHORISED');
  });

  it("refuses a token at another partner's portal", async () => {
    const session = await signedIn(t, 'user@travel.example.com');
    const res = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: session.userId }),
      headers: bearer(session.token, 'business'),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('per-address limit of the sign-in routes', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '3' } });

  it('answers 429 past the configured requests per minute from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await login(t, `x${i}@travel.example.com`, 'Wrong-1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
