import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_FRAME_TTL_MS, CARD_TOKEN_TTL_MS } from '@tern/domain';
import type { CardVaultPort } from './port.ts';

/** What a suite run needs of a vault, besides the port. */
export interface CardVaultSubject {
  port: CardVaultPort;
  close: () => Promise<void>;
  /** The portal origin frames are asked for. */
  portalOrigin: string;
  /**
   * Plays the user in the frame at `url`: types `number` and has the portal submit it.
   * Answers the token, or null when the vault refused (an expired frame, a bad number).
   */
  tokenise: (url: string, number: string) => Promise<string | null>;
  /** The vault's clock. */
  now: () => Date;
  /** Moves the vault's clock on (a simulator's): the tests of expiry need it. */
  advance?: (ms: number) => void;
}

/** Test card numbers the card networks publish (Stripe's list): never a real account. */
const VISA = '4242 4242 4242 4242';
const MASTERCARD = '5555555555554444';

/**
 * What every card vault must do, the embedded one and a hosted one alike: run it with
 * `cardVaultPortSuite('hosted', async () => subject)`. The tests of expiry run when the
 * subject can move its clock (`advance`); they run last, as they move it.
 */
export function cardVaultPortSuite(name: string, open: () => Promise<CardVaultSubject>) {
  describe(`card-vault port: ${name}`, () => {
    let subject: CardVaultSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    const frameFor = async (userId: string) =>
      (
        await subject.port.frameUrl({
          userId,
          origin: subject.portalOrigin,
          css: 'input{border-radius:8px}',
          expiresAt: new Date(subject.now().getTime() + CARD_FRAME_TTL_MS),
        })
      ).url;
    const tokenFor = async (userId: string, number = VISA) => {
      const token = await subject.tokenise(await frameFor(userId), number);
      expect(token).not.toBeNull();
      return token!;
    };

    it('gives each request a frame address of its own on the vault’s origin', async () => {
      const userId = randomUUID();
      const [first, second] = [await frameFor(userId), await frameFor(userId)];
      expect(new URL(first).origin).toBe(subject.port.origin);
      expect(new URL(second).origin).toBe(subject.port.origin);
      expect(first).not.toBe(second);
      expect(subject.port.origin).not.toBe(subject.portalOrigin);
    });

    it('redeems a token for its user once: the keyed hash, the last four and the brand', async () => {
      const userId = randomUUID();
      const token = await tokenFor(userId);
      expect(token).toMatch(/^tok_/);
      const card = await subject.port.redeem(userId, token);
      expect(card).toEqual({ fingerprint: expect.any(String), last4: '4242', brand: 'visa' });
      expect(card!.fingerprint).not.toContain('4242424242424242');
      expect(await subject.port.redeem(userId, token)).toBeNull();
    });

    it('tokenises the same number twice as two tokens of one fingerprint, another number apart', async () => {
      const userId = randomUUID();
      const url = await frameFor(userId);
      const [a, b] = [
        await subject.tokenise(url, VISA),
        await subject.tokenise(url, '4242424242424242'),
      ];
      expect(a).not.toBe(b);
      const [first, second] = [
        await subject.port.redeem(userId, a!),
        await subject.port.redeem(userId, b!),
      ];
      expect(first!.fingerprint).toBe(second!.fingerprint);
      const other = await subject.port.redeem(userId, await tokenFor(userId, MASTERCARD));
      expect(other).toMatchObject({ last4: '4444', brand: 'mastercard' });
      expect(other!.fingerprint).not.toBe(first!.fingerprint);
    });

    it('redeems no token of another user’s frame, which its own user still can', async () => {
      const owner = randomUUID();
      const token = await tokenFor(owner);
      expect(await subject.port.redeem(randomUUID(), token)).toBeNull();
      expect(await subject.port.redeem(owner, token)).toMatchObject({ last4: '4242' });
    });

    it('redeems nothing for an unknown or malformed token, or a user that is no id', async () => {
      const userId = randomUUID();
      const token = await tokenFor(userId);
      for (const [user, guess] of [
        [userId, `tok_${'A'.repeat(43)}`],
        [userId, token.slice(0, -1)],
        [userId, token.slice(4)],
        [userId, ''],
        ['not-a-user', token],
      ] as const)
        expect(await subject.port.redeem(user, guess)).toBeNull();
      expect(await subject.port.redeem(userId, token)).not.toBeNull();
    });

    it('tokenises no number that fails the card rule', async () => {
      const url = await frameFor(randomUUID());
      for (const number of ['4242 4242 4242 4241', '', '4242-4242-4242-424x', '1234'])
        expect(await subject.tokenise(url, number)).toBeNull();
    });

    it('makes no frame for an origin that is not exactly one', async () => {
      for (const origin of [
        `${subject.portalOrigin}/monitored-data`,
        'javascript:alert(1)',
        'null',
        'file:///etc/passwd',
        subject.port.origin,
      ])
        await expect(
          subject.port.frameUrl({
            userId: randomUUID(),
            origin,
            css: '',
            expiresAt: new Date(subject.now().getTime() + CARD_FRAME_TTL_MS),
          }),
        ).rejects.toThrow();
    });

    it('redeems no token once CARD_TOKEN_TTL_MS has passed', async (context) => {
      if (!subject.advance) return context.skip();
      const userId = randomUUID();
      const token = await tokenFor(userId);
      subject.advance(CARD_TOKEN_TTL_MS + 1);
      expect(await subject.port.redeem(userId, token)).toBeNull();
    });

    it('tokenises nothing in a frame once CARD_FRAME_TTL_MS has passed', async (context) => {
      if (!subject.advance) return context.skip();
      const url = await frameFor(randomUUID());
      expect(await subject.tokenise(url, VISA)).not.toBeNull();
      subject.advance(CARD_FRAME_TTL_MS + 1);
      expect(await subject.tokenise(url, VISA)).toBeNull();
    });
  });
}
