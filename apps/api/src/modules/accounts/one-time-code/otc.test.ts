import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  accountsContracts,
  apiErrorSchema,
  loginResponseSchema,
  otcResponseSchema,
} from '@tern/domain';
import { otcSessions, sessions, users } from '../tables.ts';
import { codeIn, keyOf, lastMessageTo, messagesTo } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';

describe('one-time-code sign-in', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const request = (identifier: string, partnerId = 'travel') =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.requestCode),
      headers: keyOf(partnerId),
      payload: { identifier },
    });
  const confirm = (sessionId: string, code: string, partnerId = 'travel') =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.confirmCode),
      headers: keyOf(partnerId),
      payload: { sessionId, code },
    });
  /** Asks for a code for an address and reads it from the outbox. */
  const codeFor = async (email: string, partnerId = 'travel') => {
    const res = await request(email, partnerId);
    expect(res.statusCode).toBe(200);
    const { sessionId } = otcResponseSchema.parse(res.json());
    const message = await lastMessageTo(t, email);
    return { sessionId, code: codeIn(message!.text)!, message: message! };
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it("sends a 6-digit code by email in the user's language, and the code signs in", async () => {
    const { sessionId, code, message } = await codeFor('user@travel.example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(message).toMatchObject({ channel: 'email', template: 'otc', partnerId: 'travel' });
    expect(message.text).toContain('5 minutes');

    const res = await confirm(sessionId, code);
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    if (body.status !== 'OK') throw new Error('expected a session');
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.emailAddress, 'user@travel.example.com'));
    expect(body.userId).toBe(user!.id);
    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: body.userId }),
      headers: { ...keyOf('travel'), authorization: `Bearer ${body.token}` },
    });
    expect(details.statusCode).toBe(200);

    // The code works once.
    const again = await confirm(sessionId, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('SESSION_INVALID_CODE');
  });

  it('stores neither the code nor the session id in the clear', async () => {
    const { sessionId, code } = await codeFor('agent@travel.example.com');
    const rows = await t.database.db.select().from(otcSessions);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(sessionId);
    expect(stored).not.toContain(code);
  });

  it('answers the same for an unknown identifier, and sends nothing', async () => {
    const res = await request('nobody@travel.example.com');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['sessionId']);
    expect(await messagesTo(t, 'nobody@travel.example.com')).toEqual([]);
    // No code can sign in to a flow that has no account behind it.
    const guess = await confirm(res.json().sessionId, '123456');
    expect(guess.statusCode).toBe(400);
    expect(guess.json().code).toBe('INVALID_CODE');
  });

  it('sends by SMS when the identifier is a mobile number only one account has', async () => {
    await t.database.db
      .update(users)
      .set({ mobilePhoneNumber: '+14165550123', locale: 'es-ES' })
      .where(eq(users.emailAddress, 'admin@travel.example.com'));
    const res = await request('+1 (416) 555-0123');
    expect(res.statusCode).toBe(200);
    const message = await lastMessageTo(t, '+14165550123');
    expect(message).toMatchObject({ channel: 'sms', locale: 'es-ES' });
    expect(message!.text).toContain('código');
    const signIn = await confirm(res.json().sessionId, codeIn(message!.text)!);
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a wrong code with INVALID_CODE on the code field, and the right one still works', async () => {
    const { sessionId, code } = await codeFor('user@travel.example.com');
    const res = await confirm(sessionId, wrong(code));
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'INVALID_CODE', field: 'code' });
    expect((await confirm(sessionId, code)).statusCode).toBe(200);
  });

  it('ends the flow after 5 wrong codes: TOO_MANY_ATTEMPTS, then the right code is refused', async () => {
    const { sessionId, code } = await codeFor('user@travel.example.com');
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await confirm(sessionId, wrong(code))).json().code);
    expect(codes).toEqual([
      'INVALID_CODE',
      'INVALID_CODE',
      'INVALID_CODE',
      'INVALID_CODE',
      'TOO_MANY_ATTEMPTS',
    ]);
    const sixth = await confirm(sessionId, wrong(code));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('SESSION_INVALID_CODE');
    const right = await confirm(sessionId, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('SESSION_INVALID_CODE');
  });

  it('opens exactly one session for 50 parallel submits of one valid code', async () => {
    const email = 'agent@travel.example.com';
    const [user] = await t.database.db.select().from(users).where(eq(users.emailAddress, email));
    const before = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user!.id));
    const { sessionId, code } = await codeFor(email);

    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(sessionId, code)));
    const signedIn = answers.filter((res) => res.statusCode === 200);
    expect(signedIn).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('SESSION_INVALID_CODE');
    }
    const after = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user!.id));
    expect(after.length - before.length).toBe(1);
  });

  it('expires a code after 5 minutes', async () => {
    const { sessionId, code } = await codeFor('user@identity.example.com', 'identity');
    t.clock.advance(5 * 60_000);
    const res = await confirm(sessionId, code, 'identity');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'EXPIRED_CODE', field: 'code' });
  });

  it('binds a code to its own session id', async () => {
    const first = await codeFor('agent@identity.example.com', 'identity');
    const second = await codeFor('agent@identity.example.com', 'identity');
    if (first.code !== second.code) {
      const crossed = await confirm(second.sessionId, first.code, 'identity');
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json().code).toBe('INVALID_CODE');
    }
    const unknown = await confirm('no-such-session-id', first.code, 'identity');
    expect(unknown.json().code).toBe('SESSION_INVALID_CODE');
    // Through another partner's portal the flow does not exist.
    const elsewhere = await confirm(first.sessionId, first.code, 'travel');
    expect(elsewhere.json().code).toBe('SESSION_INVALID_CODE');
    expect((await confirm(first.sessionId, first.code, 'identity')).statusCode).toBe(200);
  });

  it('sends at most 3 codes to one destination in 15 minutes, known or not', async () => {
    for (const identifier of ['admin@business.example.com', 'ghost@business.example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await request(identifier, 'business')).statusCode);
      expect(statuses, identifier).toEqual([200, 200, 200, 429]);
    }
    expect(await messagesTo(t, 'admin@business.example.com')).toHaveLength(3);
    t.clock.advance(15 * 60_000);
    expect((await request('admin@business.example.com', 'business')).statusCode).toBe(200);
  });

  it('refuses a code that is not 6 digits on the code field', async () => {
    const res = await confirm('whatever-session', '12ab');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'code',
    });
  });
});
