import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  accountsContracts,
  apiErrorSchema,
  mfaTokenResponseSchema,
  sessionSchema,
  type ContractDef,
} from '@tern/domain';
import { users } from '../tables.ts';
import { keyOf, login, signedIn, totp } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';

describe('MFA (TOTP)', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const email = 'user@travel.example.com';
  let secret = '';

  const post = (contract: ContractDef, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: urlOf(contract), headers, payload });
  const confirm = (payload: object) => post(accountsContracts.confirmMfa, payload, keyOf('travel'));
  /** A password login that must stop at the MFA challenge. */
  const challenge = async () => {
    const res = await login(t, email);
    expect(res.json().status).toBe('MFA_REQUIRED');
    return res.json<{ userId: string; session: string }>();
  };

  it('sets up a secret: otpauth URL and a PNG QR code, stored encrypted and not yet on', async () => {
    const session = await signedIn(t, email);
    const res = await post(accountsContracts.mfaToken, { label: email }, session.headers);
    expect(res.statusCode).toBe(200);
    const body = mfaTokenResponseSchema.parse(res.json());
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/Skyward%20Air:user%40travel\.example\.com\?/,
    );
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`);
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    secret = body.secret;

    const [row] = await t.database.db.select().from(users).where(eq(users.emailAddress, email));
    expect(row!.mfaEnabled).toBe(false);
    expect(row!.mfaPendingSecret).toMatch(/^v1\./);
    expect(row!.mfaPendingSecret).not.toContain(secret);
    // Not on yet: a login still signs straight in.
    expect((await login(t, email)).json().status).toBe('OK');
  });

  it('refuses to turn MFA on with a wrong code', async () => {
    const session = await signedIn(t, email);
    const wrongCode = totp(t, secret, 10 * 60_000);
    const res = await post(
      accountsContracts.setMfa,
      { enabled: true, code: wrongCode },
      session.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'INVALID_MFA_CODE',
      field: 'code',
    });
  });

  it('turns MFA on with the code of the new secret', async () => {
    const session = await signedIn(t, email);
    const res = await post(
      accountsContracts.setMfa,
      { enabled: true, code: totp(t, secret) },
      session.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfaEnabled: true });
    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: session.userId }),
      headers: session.headers,
    });
    expect(details.json().mfaEnabled).toBe(true);
  });

  it('answers the code that just turned MFA on, at the next sign-in in its 30 seconds, with MFA_CODE_USED', async () => {
    const { userId, session } = await challenge();
    const res = await confirm({ userId, session, code: totp(t, secret) });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'MFA_CODE_USED',
      field: 'code',
    });
    // The app's next code, on the same challenge, signs in.
    t.clock.advance(30_000);
    expect((await confirm({ userId, session, code: totp(t, secret) })).statusCode).toBe(200);
  });

  it('then asks every password login for the code, and the code finishes it', async () => {
    t.clock.advance(30_000); // the last code used is spent
    const { userId, session } = await challenge();
    const res = await confirm({ userId, session, code: totp(t, secret) });
    expect(res.statusCode).toBe(200);
    const signed = sessionSchema.parse(res.json());
    expect(signed.userId).toBe(userId);
  });

  it('refuses a code used before (same time step), and takes the next one', async () => {
    const { userId, session } = await challenge();
    const replay = await confirm({ userId, session, code: totp(t, secret) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('MFA_CODE_USED');
    // A wrong code is still a wrong code.
    const wrong = await confirm({ userId, session, code: totp(t, secret, 10 * 60_000) });
    expect(wrong.json().code).toBe('INVALID_MFA_CODE');
    t.clock.advance(30_000);
    expect((await confirm({ userId, session, code: totp(t, secret) })).statusCode).toBe(200);
  });

  it('refuses a code from an earlier step than the last one used', async () => {
    t.clock.advance(30_000);
    const { userId, session } = await challenge();
    const earlier = totp(t, secret, -30_000); // inside the window, but before the last use
    const res = await confirm({ userId, session, code: earlier });
    expect(res.json().code).toBe('MFA_CODE_USED');
  });

  it('ends a challenge after 5 wrong codes, and one used challenge cannot be reused', async () => {
    t.clock.advance(30_000);
    const { userId, session } = await challenge();
    const bad = totp(t, secret, 5 * 60_000);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await confirm({ userId, session, code: bad })).json().code);
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('INVALID_MFA_CODE'));
    expect(codes[4]).toBe('TOO_MANY_ATTEMPTS');
    const after = await confirm({ userId, session, code: totp(t, secret) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('MFA_SESSION_EXPIRED');

    const next = await challenge();
    expect((await confirm({ ...next, code: totp(t, secret) })).statusCode).toBe(200);
    t.clock.advance(30_000);
    const reused = await confirm({ ...next, code: totp(t, secret) });
    expect(reused.json().code).toBe('MFA_SESSION_EXPIRED');
  });

  it('expires a challenge after 5 minutes with 401 MFA_SESSION_EXPIRED', async () => {
    const { userId, session } = await challenge();
    t.clock.advance(5 * 60_000);
    const res = await confirm({ userId, session, code: totp(t, secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('MFA_SESSION_EXPIRED');
  });

  it("refuses a challenge named with another user's id, or an unknown challenge", async () => {
    t.clock.advance(30_000);
    const { session } = await challenge();
    const [other] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.emailAddress, 'agent@travel.example.com'));
    const res = await confirm({ userId: other!.id, session, code: totp(t, secret) });
    expect(res.json().code).toBe('MFA_SESSION_EXPIRED');
    const unknown = await confirm({ userId: other!.id, session: 'made-up', code: '123456' });
    expect(unknown.statusCode).toBe(401);
  });

  it('will not set up a second device while MFA is on', async () => {
    t.clock.advance(30_000);
    const { userId, session } = await challenge();
    const signed = sessionSchema.parse(
      (await confirm({ userId, session, code: totp(t, secret) })).json(),
    );
    const headers = { ...keyOf('travel'), authorization: `Bearer ${signed.token}` };
    const res = await post(accountsContracts.mfaToken, { label: 'phone 2' }, headers);
    expect(res.statusCode).toBe(409);
  });

  it('turns MFA off only with the current code', async () => {
    t.clock.advance(30_000);
    const { userId, session } = await challenge();
    const signed = sessionSchema.parse(
      (await confirm({ userId, session, code: totp(t, secret) })).json(),
    );
    const headers = { ...keyOf('travel'), authorization: `Bearer ${signed.token}` };
    t.clock.advance(30_000);
    const wrong = await post(
      accountsContracts.setMfa,
      { enabled: false, code: totp(t, secret, 3_600_000) },
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    const off = await post(
      accountsContracts.setMfa,
      { enabled: false, code: totp(t, secret) },
      headers,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ mfaEnabled: false });
    expect((await login(t, email)).json().status).toBe('OK');
  });

  it('needs a session to set up MFA and a 6-digit code', async () => {
    const res = await post(accountsContracts.mfaToken, { label: 'x' }, keyOf('travel'));
    expect(res.statusCode).toBe(401);
    const session = await signedIn(t, email);
    const bad = await post(
      accountsContracts.setMfa,
      { enabled: true, code: 'abc' },
      session.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('code');
  });

  it('refuses more than 10 wrong codes for one user in 15 minutes, across challenges', async () => {
    const target = 'admin@identity.example.com';
    const signedUp = await signedIn(t, target, undefined, 'identity');
    const setup = mfaTokenResponseSchema.parse(
      (await post(accountsContracts.mfaToken, { label: target }, signedUp.headers)).json(),
    );
    t.clock.advance(30_000);
    await post(
      accountsContracts.setMfa,
      { enabled: true, code: totp(t, setup.secret) },
      signedUp.headers,
    );
    const bad = totp(t, setup.secret, 10 * 60_000);
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const res = await login(t, target, undefined, 'identity');
      const { userId, session } = res.json();
      for (let i = 0; i < 4; i++) {
        const answer = await post(
          accountsContracts.confirmMfa,
          { userId, session, code: bad },
          keyOf('identity'),
        );
        statuses.push(answer.statusCode);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('holds the 10-code limit against a parallel burst on the switch-off route', async () => {
    const target = 'agent@identity.example.com';
    const session = await signedIn(t, target, undefined, 'identity');
    const setup = mfaTokenResponseSchema.parse(
      (await post(accountsContracts.mfaToken, { label: target }, session.headers)).json(),
    );
    t.clock.advance(30_000);
    const on = await post(
      accountsContracts.setMfa,
      { enabled: true, code: totp(t, setup.secret) },
      session.headers,
    );
    expect(on.statusCode).toBe(200);
    const bad = totp(t, setup.secret, 10 * 60_000);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(accountsContracts.setMfa, { enabled: false, code: bad }, session.headers),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // Even the right code waits for the window to pass.
    t.clock.advance(30_000);
    const right = await post(
      accountsContracts.setMfa,
      { enabled: false, code: totp(t, setup.secret) },
      session.headers,
    );
    expect(right.statusCode).toBe(429);
  });
});
