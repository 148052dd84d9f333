import { describe, expect, it } from 'vitest';
import {
  accountsContracts,
  apiErrorSchema,
  loginResponseSchema,
  otcResponseSchema,
} from '@tern/domain';
import { DEMO_PASSWORD } from '../../../seed/demo-world.ts';
import { codeIn, keyOf, lastMessageTo, messagesTo } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';
import { ABUSE_LIMITS, ACCOUNT_LOCK, lockLengthMs } from '../limits.ts';

const MINUTE = 60_000;
const WRONG = 'Wrong-password-1';
/** A hundred argon2id checks take a few seconds alone, and far longer on a busy machine. */
const HUNDRED_GUESSES = { timeout: 120_000 };

/**
 * Password guessing (ADR 0010), behind a trusted proxy as in production: the client address
 * is the X-Forwarded-For one. A guesser is stopped per account and address; the owner signs
 * in from anywhere else at once; many addresses together pause password sign-in to the
 * account, for longer each time, and the owner still gets in with a one-time code or a reset.
 */
/** What the lock's refusal is turned into here: its seconds until it ends. */
class Locked extends Error {
  constructor(readonly seconds: number) {
    super(`locked for ${seconds} s`);
  }
}

describe('password guessing', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000', TRUST_PROXY: '127.0.0.1' } });

  const login = (client: string, emailAddress: string, password = WRONG, partnerId = 'travel') =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.login),
      headers: { ...keyOf(partnerId), 'x-forwarded-for': client },
      payload: { emailAddress, password, partnerId },
    });
  /** `perClient` wrong passwords from each of `clients` addresses; the statuses, in order. */
  const guess = async (
    emailAddress: string,
    clients: string[],
    perClient: number,
    partner = 'travel',
  ) => {
    const statuses: number[] = [];
    for (const client of clients)
      for (let i = 0; i < perClient; i++)
        statuses.push((await login(client, emailAddress, WRONG, partner)).statusCode);
    return statuses;
  };
  const clients = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);
  /** Asks for a code or a reset link for `owner` of `partnerId`, from `client`. */
  const askFor =
    (partnerId: string, owner: string) =>
    (route: 'requestCode' | 'forgotPassword', client: string) =>
      t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts[route]),
        headers: { ...keyOf(partnerId), 'x-forwarded-for': client },
        payload:
          route === 'requestCode' ? { identifier: owner } : { emailAddress: owner, partnerId },
      });
  /** The statuses of `n` asks from each of `from`, in order. */
  const asks = async (
    ask: ReturnType<typeof askFor>,
    route: 'requestCode' | 'forgotPassword',
    from: string[],
    n: number,
  ) => {
    const seen: number[] = [];
    for (const client of from)
      for (let i = 0; i < n; i++) seen.push((await ask(route, client)).statusCode);
    return seen;
  };
  /** Sets a new password with the reset link in `text`, from `client`. */
  const resetWith = (text: string, partnerId: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.resetPassword),
      headers: { ...keyOf(partnerId), 'x-forwarded-for': client },
      payload: {
        token: new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get('token'),
        password: 'Brand-new-2026!',
        partnerId,
      },
    });
  const warnings = async (email: string) =>
    (await messagesTo(t, email)).filter((message) => message.template === 'sign-in-attempts');

  describe('from one address', () => {
    const owner = 'user@travel.example.com';

    it('50 wrong passwords stop that address after 5, and the owner signs in from another at once', async () => {
      const statuses = await guess(owner, ['203.0.113.66'], 50);
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(45).fill(429)]);
      const refused = await login('203.0.113.66', owner, DEMO_PASSWORD);
      // The guesser is stopped even with the right password, for 15 minutes at most.
      expect(refused.statusCode).toBe(429);
      expect(apiErrorSchema.parse(refused.json()).code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

      const res = await login('198.51.100.7', owner, DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(loginResponseSchema.parse(res.json()).status).toBe('OK');
      // The guesser's address may still sign in to other accounts.
      expect(
        (await login('203.0.113.66', 'agent@travel.example.com', DEMO_PASSWORD)).statusCode,
      ).toBe(200);
    });

    it('tells the owner once by email, however many more guesses come', async () => {
      expect(await guess(owner, clients('203.0.113', 3), 5)).not.toContain(429);
      const sent = await warnings(owner);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ channel: 'email', partnerId: 'travel' });
      expect(sent[0]!.subject).toBe('Someone is trying to sign in to your Skyward Air account');
      expect(sent[0]!.text).toContain('one-time code');
    });

    it('counts the addresses of one IPv6 /64 as one client', async () => {
      const guesser = 'employee@travel.example.com';
      const inOneNetwork = Array.from({ length: 6 }, (_, i) => `2001:db8:66:1::${i + 1}`);
      expect(await guess(guesser, inOneNetwork, 1)).toEqual([401, 401, 401, 401, 401, 429]);
      // Another /64 is another client.
      expect((await login('2001:db8:66:2::1', guesser, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('tells nobody when the email has no account, and limits it the same', async () => {
      const ghost = 'ghost@travel.example.com';
      expect(await guess(ghost, ['203.0.113.77'], 6)).toEqual([401, 401, 401, 401, 401, 429]);
      expect(await messagesTo(t, ghost)).toEqual([]);
    });
  });

  describe('from many addresses', () => {
    const owner = 'admin@business.example.com';
    const signIn = (client: string) => login(client, owner, DEMO_PASSWORD, 'business');

    it(
      'pauses password sign-in to the account after 100 failures, the owner included, for 15 minutes',
      HUNDRED_GUESSES,
      async () => {
        expect(await guess(owner, clients('198.18.1', 20), 5, 'business')).toEqual(
          Array(100).fill(401),
        );
        for (const client of ['198.18.1.1', '192.0.2.200']) {
          const res = await signIn(client);
          expect(res.statusCode).toBe(429);
          expect(apiErrorSchema.parse(res.json()).code).toBe('ACCOUNT_LOCKED');
          expect(Number(res.headers['retry-after'])).toBe(15 * 60);
        }
        // One email for the window, not one per guess.
        expect(await warnings(owner)).toHaveLength(1);
        // Other accounts of the partner are not affected.
        expect(
          (await login('192.0.2.200', 'agent@business.example.com', DEMO_PASSWORD, 'business'))
            .statusCode,
        ).toBe(200);
      },
    );

    it('still signs the owner in with a one-time code while it is paused', async () => {
      const request = await t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.requestCode),
        headers: { ...keyOf('business'), 'x-forwarded-for': '192.0.2.200' },
        payload: { identifier: owner },
      });
      const { sessionId } = otcResponseSchema.parse(request.json());
      const code = codeIn((await lastMessageTo(t, owner))!.text)!;
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.confirmCode),
        headers: { ...keyOf('business'), 'x-forwarded-for': '192.0.2.200' },
        payload: { sessionId, code },
      });
      expect(res.statusCode).toBe(200);
      expect(loginResponseSchema.parse(res.json()).status).toBe('OK');
    });

    it(
      'opens again after 15 minutes; the next pause, earned again, lasts 30',
      HUNDRED_GUESSES,
      async () => {
        t.clock.advance(15 * MINUTE + 1000);
        expect((await signIn('192.0.2.200')).statusCode).toBe(200);

        expect(await guess(owner, clients('198.18.2', 20), 5, 'business')).toEqual(
          Array(100).fill(401),
        );
        const paused = await signIn('192.0.2.201');
        expect(paused.json().code).toBe('ACCOUNT_LOCKED');
        expect(Number(paused.headers['retry-after'])).toBe(30 * 60);
        // A new window after the pause: the owner is told again.
        expect(await warnings(owner)).toHaveLength(2);
        t.clock.advance(16 * MINUTE);
        expect((await signIn('192.0.2.201')).json().code).toBe('ACCOUNT_LOCKED');
      },
    );

    it('with codes and reset links used up by strangers too, opens at once for the new password of the latest emailed link', async () => {
      const ask = askFor('business', owner);
      // Strangers from 4 addresses, 3 each: the last two are over the 10 per destination.
      for (const route of ['requestCode', 'forgotPassword'] as const) {
        const sent = route === 'requestCode' ? 200 : 202;
        const statuses = await asks(ask, route, clients('198.18.3', 4), 3);
        expect(statuses).toEqual([...Array(10).fill(sent), 429, 429]);
        // For now the owner gets neither from their own address…
        expect((await ask(route, '192.0.2.201')).statusCode).toBe(429);
      }
      // …nor in with the password, still paused.
      expect((await signIn('192.0.2.201')).json().code).toBe('ACCOUNT_LOCKED');
      // Every link the strangers had sent went to the owner's mailbox; the latest one works.
      const links = (await messagesTo(t, owner)).filter((m) => m.template === 'password-reset');
      expect(links).toHaveLength(10);
      const reset = await resetWith(links[0]!.text, 'business', '192.0.2.201');
      expect(reset.statusCode, reset.body).toBe(200);
      const res = await login('192.0.2.201', owner, 'Brand-new-2026!', 'business');
      expect(res.statusCode).toBe(200);
    });
  });

  describe('codes and reset links asked for by strangers', () => {
    const owner = 'agent@identity.example.com';
    const ask = askFor('identity', owner);
    const statuses = (route: 'requestCode' | 'forgotPassword', from: string[], n: number) =>
      asks(ask, route, from, n);

    it('stop a stranger after 3 from one address, while the owner still gets a code from theirs', async () => {
      expect(await statuses('requestCode', ['203.0.113.90'], 4)).toEqual([200, 200, 200, 429]);
      // However many more the stranger sends, past the address's allowance of messages (then
      // refused for its whole window).
      const { limit, windowMs } = ABUSE_LIMITS.message.perAddress;
      expect(await statuses('requestCode', ['203.0.113.90'], limit)).toEqual(
        Array(limit).fill(429),
      );
      const refused = await ask('requestCode', '203.0.113.90');
      expect(Number(refused.headers['retry-after'])).toBe(windowMs / 1000);
      const request = await ask('requestCode', '192.0.2.90');
      expect(request.statusCode).toBe(200);
      const { sessionId } = otcResponseSchema.parse(request.json());
      await t.app.platform.jobs.settled();
      const code = codeIn((await lastMessageTo(t, owner))!.text)!;
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.confirmCode),
        headers: { ...keyOf('identity'), 'x-forwarded-for': '192.0.2.90' },
        payload: { sessionId, code },
      });
      expect(res.statusCode).toBe(200);
    });

    it('used up from many addresses, leave the owner the latest emailed link, which works', async () => {
      // 4 addresses × 3: the last two are over the 10 per destination, the owner's own too.
      expect(await statuses('forgotPassword', clients('198.18.9', 4), 3)).toEqual([
        ...Array(10).fill(202),
        429,
        429,
      ]);
      expect((await ask('forgotPassword', '192.0.2.91')).statusCode).toBe(429);
      await t.app.platform.jobs.settled();
      const links = (await messagesTo(t, owner)).filter((m) => m.template === 'password-reset');
      expect(links).toHaveLength(10);
      const reset = await resetWith(links.at(-1)!.text, 'identity', '192.0.2.91');
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await login('192.0.2.91', owner, 'Brand-new-2026!', 'identity')).statusCode).toBe(
        200,
      );
    });
  });

  describe("the pause's backoff", () => {
    /** Seconds until the lock of `key` ends, or 0 when it is off. */
    const retryAfter = async (key: string) => {
      try {
        await t.app.throttle.checkLock('backoff-test', key, ACCOUNT_LOCK, (retry) => {
          throw new Locked(retry.retryAfterSeconds);
        });
        return 0;
      } catch (error) {
        if (error instanceof Locked) return error.seconds;
        throw error;
      }
    };

    it('doubles from 15 minutes with each pause in a row, up to a day', async () => {
      const lengths = [];
      for (let n = 1; n <= 9; n++) {
        await t.app.throttle.lock('backoff-test', 'row', ACCOUNT_LOCK);
        lengths.push((await retryAfter('row')) / 60);
        t.clock.advance(lockLengthMs(ACCOUNT_LOCK, n) + 1000);
        expect(await retryAfter('row')).toBe(0);
      }
      expect(lengths).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
    });

    it('starts again at 15 minutes when the last pause began 48 hours ago or more', async () => {
      await t.app.throttle.lock('backoff-test', 'quiet', ACCOUNT_LOCK);
      t.clock.advance(20 * MINUTE);
      await t.app.throttle.lock('backoff-test', 'quiet', ACCOUNT_LOCK);
      expect(await retryAfter('quiet')).toBe(30 * 60);
      t.clock.advance(ACCOUNT_LOCK.memoryMs);
      await t.app.throttle.lock('backoff-test', 'quiet', ACCOUNT_LOCK);
      expect(await retryAfter('quiet')).toBe(15 * 60);
    });
  });
});
