import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { fakeClock } from '../../../lib/clock.ts';
import { freshDatabase } from '../../../../test/database.ts';
import { openBankingPortSuite } from '../port-suite.ts';
import type { ConsentJourney, OpenBankingPort } from '../port.ts';
import { simulatedBankConsents } from '../tables.ts';
import { bankBrowser } from './bank-browser.ts';
import { openBankingPages, simulatedOpenBanking } from './index.ts';
import type { RevenueDisruption } from './revenue.ts';

const start = new Date('2026-03-15T12:00:00Z');
const redirectUri = 'http://business.localhost:3000/permissions/grant';

/** The simulator and its pages on an app of their own, as the claims area registers them. */
async function bankOn(database: Database, options: { disruptions?: RevenueDisruption[] } = {}) {
  const clock = fakeClock(start);
  const deps = { db: database.db, clock };
  const app: FastifyInstance = Fastify();
  openBankingPages(app, deps);
  await app.ready();
  const port = simulatedOpenBanking({
    ...deps,
    ...(options.disruptions ? { disruptions: async () => options.disruptions! } : {}),
  });
  return { app, clock, port };
}

openBankingPortSuite('simulator', async () => {
  const { database, release } = await freshDatabase();
  const { app, clock, port } = await bankOn(database);
  return {
    port,
    close: async () => {
      await app.close();
      await release();
    },
    redirectUri,
    customerRef: randomUUID(),
    businessRef: randomUUID(),
    answer: (url, decision) => bankBrowser(app).answer(url, decision),
    now: () => clock.now(),
    advance: (ms) => clock.advance(ms),
  };
});

describe('the simulated bank', () => {
  let database: Database;
  let release: () => Promise<void>;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
  });
  afterAll(() => release());

  const journeyOf = (overrides: Partial<ConsentJourney> = {}): ConsentJourney => ({
    consentRef: randomUUID(),
    redirectUri,
    state: randomUUID(),
    customerRef: randomUUID(),
    ...overrides,
  });
  /** A consent the customer granted through the page, sharing every account. */
  const grant = async (app: FastifyInstance, port: OpenBankingPort, customerRef = randomUUID()) => {
    const journey = journeyOf({ customerRef });
    const back = await bankBrowser(app).answer(await port.authorizeUrl(journey), 'allow', {
      bank: 'quayside',
      accounts: (all) => all,
    });
    return (await port.exchange(back.searchParams.get('code')!, journey))!;
  };

  it('puts its page at the origin the customer returns to, one journey per consent', async () => {
    const { app, port } = await bankOn(database);
    const journey = journeyOf();
    const url = await port.authorizeUrl(journey);
    expect(url).toMatch(
      /^http:\/\/business\.localhost:3000\/sim\/open-banking\/authorize\?journey=[0-9a-f-]{36}$/,
    );
    // Asked again while pending: the same journey, with the new state.
    expect(await port.authorizeUrl({ ...journey, state: 'second' })).toBe(url);
    const back = await bankBrowser(app).answer(url, 'cancel');
    expect(back.searchParams.get('state')).toBe('second');
    await expect(port.authorizeUrl(journey)).rejects.toThrow(/answered already/);
    await expect(
      port.authorizeUrl(journeyOf({ redirectUri: 'javascript:alert(1)' })),
    ).rejects.toThrow(/http/);
    await app.close();
  });

  it('shares only the accounts ticked, named and masked, from the bank chosen', async () => {
    const { app, port } = await bankOn(database);
    const journey = journeyOf();
    const back = await bankBrowser(app).answer(await port.authorizeUrl(journey), 'allow', {
      bank: 'meridian',
      accounts: (all) => all.slice(-1),
    });
    const consent = await port.exchange(back.searchParams.get('code')!, journey);
    expect(consent).toMatchObject({ bankName: 'Meridian Business Bank' });
    expect(consent!.accounts).toEqual([
      {
        accountId: expect.stringMatching(/^meridian-\d{12}$/),
        name: expect.stringMatching(/Account|Pot/),
        accountNumber: expect.stringMatching(/^\*{4}\d{4}$/),
      },
    ]);
    await app.close();
  });

  it('has 36 months of history and more, seasonal (August above February)', async () => {
    const { app, port } = await bankOn(database);
    const consent = await grant(app, port);
    const rows = await port.monthlyRevenue(
      consent.providerConsentId,
      'cafe-on-the-quay',
      { year: 2023, month: 3 },
      { year: 2026, month: 2 },
    );
    expect(rows).toHaveLength(36);
    const of = (year: number, month: number) =>
      rows.find((row) => row.year === year && row.month === month)!.revenue;
    for (const year of [2023, 2024, 2025]) expect(of(year, 8)).toBeGreaterThan(of(year + 1, 2));
    expect(of(2025, 12)).toBeGreaterThan(of(2025, 11));
    // A month is the sum of its days.
    expect(
      await port.revenueBetween(
        consent.providerConsentId,
        'cafe-on-the-quay',
        '2025-08-01',
        '2025-08-31',
      ),
    ).toBe(of(2025, 8));
    await app.close();
  });

  it('lowers the takings after an event, deeper for a flood above 30 cm, and leaves those before it', async () => {
    const floodOf = (cm: number): RevenueDisruption[] => [
      { at: '2025-06-10T08:30:00Z', type: 'flood', measuredValue: cm },
    ];
    const read = async (disruptions?: RevenueDisruption[]) => {
      const { app, port } = await bankOn(database, disruptions ? { disruptions } : {});
      const consent = await grant(app, port);
      const rows = await port.monthlyRevenue(
        consent.providerConsentId,
        'harbour-bistro',
        { year: 2025, month: 5 },
        { year: 2025, month: 10 },
      );
      await app.close();
      return rows.map((row) => row.revenue);
    };
    const [normal, shallow, deep] = [
      await read(),
      await read(floodOf(20)),
      await read(floodOf(45)),
    ];
    const [may, june, july, , september, october] = [0, 1, 2, 3, 4, 5];
    expect(shallow[may]).toBe(normal[may]);
    expect(shallow[june]!).toBeLessThan(normal[june]! * 0.8);
    expect(shallow[july]!).toBeLessThan(normal[july]!);
    expect(deep[july]!).toBeLessThan(shallow[july]!);
    // Ten weeks after the first two, takings are back to normal.
    expect(shallow[september]!).toBeLessThan(normal[september]!);
    expect(shallow[october]).toBe(normal[october]);
  });

  it('refuses a period or a span that is no such thing', async () => {
    const { app, port } = await bankOn(database);
    const { providerConsentId: id } = await grant(app, port);
    await expect(port.revenueBetween(id, 'b', '2026-02-30', '2026-03-01')).rejects.toThrow(
      RangeError,
    );
    await expect(port.revenueBetween(id, 'b', '2026-03-02', '2026-03-01')).rejects.toThrow(
      /ends before it starts/,
    );
    await expect(
      port.monthlyRevenue(id, 'b', { year: 2026, month: 13 }, { year: 2026, month: 1 }),
    ).rejects.toThrow(RangeError);
    await expect(
      port.monthlyRevenue(id, 'b', { year: 2000, month: 1 }, { year: 2026, month: 1 }),
    ).rejects.toThrow(/At most 120 months/);
    expect(
      await port.monthlyRevenue(id, 'b', { year: 2026, month: 2 }, { year: 2026, month: 1 }),
    ).toEqual([]);
    await app.close();
  });

  it('keeps only the code’s hash, and refuses reads on a consent whose code was never exchanged', async () => {
    const { app, port } = await bankOn(database);
    const journey = journeyOf();
    const back = await bankBrowser(app).answer(await port.authorizeUrl(journey), 'allow');
    const code = back.searchParams.get('code')!;
    const [row] = await database.db
      .select()
      .from(simulatedBankConsents)
      .where(eq(simulatedBankConsents.consentRef, journey.consentRef));
    expect(row).toMatchObject({
      status: 'authorised',
      codeHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.stringify(row)).not.toContain(code);
    const month = { year: 2026, month: 1 };
    await expect(port.monthlyRevenue(row!.consentId, 'b', month, month)).rejects.toMatchObject({
      name: 'ConsentUnavailableError',
      reason: 'not-granted',
    });
    await expect(port.monthlyRevenue('not-an-id', 'b', month, month)).rejects.toMatchObject({
      reason: 'unknown',
    });
    await app.close();
  });
});
