import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@tern/domain';
import { ConsentUnavailableError } from './errors.ts';
import type { ConsentJourney, GrantedConsent, OpenBankingPort } from './port.ts';

/** What a suite run needs of an adapter, besides the port. */
export interface OpenBankingSubject {
  port: OpenBankingPort;
  close: () => Promise<void>;
  /** The portal's return address (absolute), as Tern gives it in each journey. */
  redirectUri: string;
  /** A customer the bank knows, and a business of theirs whose revenue it can read. */
  customerRef: string;
  businessRef: string;
  /**
   * Plays the customer in a browser of their own: opens `authorizeUrl`, chooses a bank and,
   * for `allow`, ticks one account and allows; or cancels. Answers the address the bank sent
   * the browser back to.
   */
  answer: (authorizeUrl: string, decision: 'allow' | 'cancel') => Promise<URL>;
  /** The adapter's clock. */
  now: () => Date;
  /** Moves the adapter's clock on (a simulator's): the tests of time need it. */
  advance?: (ms: number) => void;
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * What every open-banking adapter must do, the simulator and a real provider's sandbox alike:
 * run it with `openBankingPortSuite('truelayer', async () => subject)`. The tests of expiry
 * and of months closing run when the subject can move its clock (`advance`); they run last,
 * as they move it.
 */
export function openBankingPortSuite(name: string, open: () => Promise<OpenBankingSubject>) {
  describe(`open-banking port: ${name}`, () => {
    let subject: OpenBankingSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    const journey = (): ConsentJourney => ({
      consentRef: randomUUID(),
      redirectUri: subject.redirectUri,
      state: randomBytes(24).toString('base64url'),
      customerRef: subject.customerRef,
    });
    /** A journey the customer answered with `decision`, and where the bank sent them back. */
    const answered = async (decision: 'allow' | 'cancel') => {
      const started = journey();
      const back = await subject.answer(await subject.port.authorizeUrl(started), decision);
      return { journey: started, back, code: back.searchParams.get('code') ?? '' };
    };
    const granted = async (): Promise<GrantedConsent> => {
      const { journey: started, code } = await answered('allow');
      const consent = await subject.port.exchange(code, started);
      expect(consent).not.toBeNull();
      return consent!;
    };
    /** `count` calendar months up to and including the clock's, oldest first. */
    const monthsUpToNow = (count: number) => {
      const now = subject.now();
      return Array.from({ length: count }, (_, i) => {
        const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count + 1 + i, 1));
        return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 };
      });
    };

    it('sends the customer back with a code, the state and the consent, and trades the code for the consent', async () => {
      const { journey: started, back, code } = await answered('allow');
      expect(`${back.origin}${back.pathname}`).toBe(subject.redirectUri);
      expect(back.searchParams.get('consent')).toBe(started.consentRef);
      expect(back.searchParams.get('state')).toBe(started.state);
      expect(back.searchParams.get('error')).toBeNull();
      expect(code).not.toBe('');
      const consent = await subject.port.exchange(code, started);
      expect(consent).toMatchObject({
        providerConsentId: expect.any(String),
        bankName: expect.stringMatching(/\S/),
      });
      expect(consent!.accounts.length).toBeGreaterThan(0);
      for (const account of consent!.accounts) {
        expect(account.name).toMatch(/\S/);
        // Masked: no more of the number than its last four digits.
        expect(account.accountNumber).toMatch(/\d{4}$/);
        expect(account.accountNumber.replace(/\D/g, '')).toHaveLength(4);
      }
    });

    it('sends the customer back with access_denied and no code when they cancel', async () => {
      const { journey: started, back } = await answered('cancel');
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('consent')).toBe(started.consentRef);
      expect(back.searchParams.get('state')).toBe(started.state);
      expect(back.searchParams.get('code')).toBeNull();
    });

    it('refuses a made-up code, a code of another journey, and a code used once already', async () => {
      const { journey: started, code } = await answered('allow');
      const other = journey();
      await subject.port.authorizeUrl(other);
      expect(await subject.port.exchange(`${code}x`, started)).toBeNull();
      expect(await subject.port.exchange('not-a-code', started)).toBeNull();
      expect(await subject.port.exchange(code, other)).toBeNull();
      expect(
        await subject.port.exchange(code, { ...started, redirectUri: `${subject.redirectUri}/x` }),
      ).toBeNull();
      expect(
        await subject.port.exchange(code, { ...started, customerRef: 'someone-else' }),
      ).toBeNull();
      // None of those used the code up: the journey's own exchange works, once.
      expect(await subject.port.exchange(code, started)).not.toBeNull();
      expect(await subject.port.exchange(code, started)).toBeNull();
    });

    it('gives no code for a journey the customer cancelled', async () => {
      const { journey: started } = await answered('cancel');
      expect(await subject.port.exchange('', started)).toBeNull();
    });

    it('reads 24 closed months of revenue, never the month still running', async () => {
      const consent = await granted();
      const months = monthsUpToNow(25);
      const rows = await subject.port.monthlyRevenue(
        consent.providerConsentId,
        subject.businessRef,
        months[0]!,
        months.at(-1)!,
      );
      // The clock's own month has not closed (unless it is its very first instant).
      expect(rows.map(({ year, month }) => ({ year, month }))).toEqual(months.slice(0, 24));
      for (const row of rows) {
        expect(Number.isInteger(row.revenue)).toBe(true);
        expect(row.revenue).toBeGreaterThanOrEqual(0);
      }
    });

    it('answers the same figures twice, and through another consent to the same business', async () => {
      const [first, second] = [await granted(), await granted()];
      const months = monthsUpToNow(13);
      const read = (consent: GrantedConsent) =>
        subject.port.monthlyRevenue(
          consent.providerConsentId,
          subject.businessRef,
          months[0]!,
          months.at(-1)!,
        );
      const figures = await read(first);
      expect(await read(first)).toEqual(figures);
      expect(await read(second)).toEqual(figures);
      const week = [
        isoDay(subject.now().getTime() - 8 * DAY_MS),
        isoDay(subject.now().getTime() - 2 * DAY_MS),
      ] as const;
      const between = await subject.port.revenueBetween(
        first.providerConsentId,
        subject.businessRef,
        ...week,
      );
      expect(between).toEqual(expect.any(Number));
      expect(
        await subject.port.revenueBetween(second.providerConsentId, subject.businessRef, ...week),
      ).toBe(between);
    });

    it('refuses every read on a revoked or unknown consent; revoking twice is harmless', async () => {
      const consent = await granted();
      const id = consent.providerConsentId;
      const month = monthsUpToNow(2)[0]!;
      expect(await subject.port.monthlyRevenue(id, subject.businessRef, month, month)).toHaveLength(
        1,
      );
      await subject.port.revoke(id);
      await subject.port.revoke(id);
      await expect(
        subject.port.monthlyRevenue(id, subject.businessRef, month, month),
      ).rejects.toThrow(ConsentUnavailableError);
      const day = isoDay(subject.now().getTime() - 2 * DAY_MS);
      await expect(subject.port.revenueBetween(id, subject.businessRef, day, day)).rejects.toThrow(
        ConsentUnavailableError,
      );
      await expect(
        subject.port.monthlyRevenue(randomUUID(), subject.businessRef, month, month),
      ).rejects.toThrow(ConsentUnavailableError);
      await expect(subject.port.revoke(randomUUID())).resolves.toBeUndefined();
    });

    it('lets a code expire 10 minutes after the customer allowed', async (context) => {
      if (!subject.advance) return context.skip();
      const late = await answered('allow');
      const onTime = await answered('allow');
      subject.advance(9 * 60_000);
      expect(await subject.port.exchange(onTime.code, onTime.journey)).not.toBeNull();
      subject.advance(60_000);
      expect(await subject.port.exchange(late.code, late.journey)).toBeNull();
    });

    it('closes a month once its last day has ended, and a period once its last day has', async (context) => {
      const { advance } = subject;
      if (!advance) return context.skip();
      const consent = await granted();
      const id = consent.providerConsentId;
      const [previous, current] = monthsUpToNow(2) as [
        { year: number; month: number },
        { year: number; month: number },
      ];
      const read = () => subject.port.monthlyRevenue(id, subject.businessRef, previous, current);
      expect(await read()).toHaveLength(1);
      const now = subject.now().getTime();
      const today = isoDay(now);
      const period = () => subject.port.revenueBetween(id, subject.businessRef, today, today);
      expect(await period()).toBeNull();
      // A day closes when the next begins: not at its last instant.
      const tomorrow = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
      advance(tomorrow - 1 - now);
      expect(await period()).toBeNull();
      advance(1);
      expect(await period()).toEqual(expect.any(Number));
      const nextMonth = Date.UTC(current.year, current.month, 1);
      if (nextMonth > tomorrow) {
        advance(nextMonth - 1 - tomorrow);
        expect(await read()).toHaveLength(1);
        advance(1);
      }
      const closed = await read();
      expect(closed.map(({ year, month }) => ({ year, month }))).toEqual([previous, current]);
    });
  });
}
