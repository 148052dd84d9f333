import { beforeAll, describe, expect, it } from 'vitest';
import { desc, gt } from 'drizzle-orm';
import { DAY_MS, lostBagSchema, luggageContracts, type LostBag } from '@tern/domain';
import { useTestApp } from '../../../test/app.ts';
import { messagesTo } from '../../../test/accounts.ts';
import { attachImage, pastFlight } from '../../../test/bags.ts';
import { callAs } from '../../../test/calls.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { liveEvents } from '../../live/tables.ts';
import { moveBagFile } from '../../providers/bag-tracing/simulator/index.ts';
import { demoEmail } from '../../seed/demo-world.ts';
import { announceBagChange, luggageJobs } from './jobs.ts';
import type { BagChange } from './service.ts';

const HOUR = 3_600_000;

/**
 * The tracing job against the simulated tracing system: the operator's orders and the
 * passing days reach the bag as its status and evidence timeline, an email, a live event and
 * the other areas' listeners.
 */
describe('following lost bags with the tracing system', () => {
  const t = useTestApp();
  const call = callAs(t);
  const changes: BagChange[] = [];
  let travel: SignedIn;
  let flight: Awaited<ReturnType<typeof pastFlight>>;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    flight = await pastFlight(t, travel.userId);
    t.app.lostBags.subscribe(async (change) => void changes.push(change));
  });

  /** A report made a minute ago, completed: its file is open. */
  const completedBag = async (pir: string, tagNumber: string): Promise<LostBag> => {
    travel = await signIn(t, 'travel');
    const res = await call(luggageContracts.reportBag, travel, {
      body: flight.report({ pir, tagNumber, reportedOnLocal: flight.localNow() }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { bagId } = lostBagSchema.parse(res.json());
    await attachImage(t, travel, bagId);
    const done = await call(luggageContracts.updateBag, travel, {
      params: { bagId },
      body: { status: 'BAG_REPORTED_LOST' },
    });
    expect(done.statusCode, done.body).toBe(200);
    return lostBagSchema.parse(done.json());
  };
  const bagNow = async (bagId: string) => {
    travel = await signIn(t, 'travel');
    return lostBagSchema.parse(
      (await call(luggageContracts.bag, travel, { params: { bagId } })).json(),
    );
  };
  const operator = (
    pir: string,
    to: 'located' | 'forwarded' | 'delivered' | 'lost',
    station?: string,
  ) => moveBagFile({ db: t.database.db, clock: t.clock, lostAfterDays: 21 }, { pir, to, station });
  const cycle = async () => {
    await t.app.platform.jobs.add(luggageJobs.trace, {});
    await t.app.platform.jobs.settled();
  };
  const lastLiveEventId = async () =>
    (await t.database.db.select().from(liveEvents).orderBy(desc(liveEvents.id)).limit(1))[0]?.id ??
    0n;
  /** The live events published after `afterId` (other areas' listeners publish theirs too). */
  const liveEventsAfter = async (afterId: bigint) =>
    t.database.db
      .select({ userId: liveEvents.userId, keys: liveEvents.keys })
      .from(liveEvents)
      .where(gt(liveEvents.id, afterId));

  it('tells the listeners of a completed report', async () => {
    const bag = await completedBag('YOWAC20001', '0014200001');
    expect(changes).toContainEqual({
      bagId: bag.bagId,
      userId: travel.userId,
      partnerId: 'travel',
      status: 'BAG_REPORTED_LOST',
      at: t.clock.now(),
    });
  });

  it("takes the operator's locate at once: the event, the status, an email, a live event, the listeners", async () => {
    const bag = await completedBag('YOWAC20002', '0014200002');
    t.clock.advance(HOUR);
    const published = await lastLiveEventId();
    expect(await operator(bag.pir, 'located', 'YLW')).toMatchObject({ ok: true });
    await announceBagChange(t.database, bag.pir);
    await t.app.platform.jobs.settled();

    const now = await bagNow(bag.bagId);
    expect(now.status).toBe('BAG_LOCATED');
    expect(now.events.at(-1)).toEqual({
      status: 'BAG_LOCATED',
      at: t.clock.now().toISOString(),
      source: 'tracing',
      station: 'YLW',
    });
    const [message] = await messagesTo(t, demoEmail('travel', 'user'));
    expect(message).toMatchObject({ subject: 'Your bag YOWAC20002 has been found' });
    expect(await liveEventsAfter(published)).toContainEqual({
      userId: travel.userId,
      keys: ['LUGGAGE'],
    });
    expect(changes.at(-1)).toMatchObject({ bagId: bag.bagId, status: 'BAG_LOCATED' });
  });

  it('follows every open file on its schedule, each step once, and stops at delivery', async () => {
    const bag = await completedBag('YOWAC20003', '0014200003');
    await operator(bag.pir, 'located');
    t.clock.advance(HOUR);
    await operator(bag.pir, 'forwarded');
    t.clock.advance(HOUR);
    await operator(bag.pir, 'delivered');
    // Two workers at once record each step once.
    await Promise.all([cycle(), cycle()]);
    await cycle();
    const now = await bagNow(bag.bagId);
    expect(now.status).toBe('BAG_DELIVERED');
    expect(now.events.map((e) => [e.status, e.source, e.station])).toEqual([
      ['REPORTED', 'customer', 'YOW'],
      ['BAG_REPORTED_LOST', 'customer', 'YOW'],
      ['BAG_LOCATED', 'tracing', null],
      ['BAG_FORWARDED', 'tracing', 'YOW'],
      ['BAG_DELIVERED', 'tracing', 'YOW'],
    ]);
    expect(changes.filter((c) => c.bagId === bag.bagId).map((c) => c.status)).toEqual([
      'BAG_REPORTED_LOST',
      'BAG_LOCATED',
      'BAG_FORWARDED',
      'BAG_DELIVERED',
    ]);
    // One email for what was new: where the bag stands.
    const mails = (await messagesTo(t, demoEmail('travel', 'user'))).filter((m) =>
      m.subject?.includes('YOWAC20003'),
    );
    expect(mails.map((m) => m.subject)).toEqual(['Your bag YOWAC20003 has been delivered']);
  });

  it('marks a bag lost once the days pass without delivery, at the moment the report turns 21 days old', async () => {
    const bag = await completedBag('YOWAC20004', '0014200004');
    t.clock.advance(20 * DAY_MS);
    await cycle();
    expect((await bagNow(bag.bagId)).status).toBe('BAG_REPORTED_LOST');
    t.clock.advance(DAY_MS);
    await cycle();
    const now = await bagNow(bag.bagId);
    expect(now.status).toBe('BAG_LOST');
    expect(now.events.at(-1)).toEqual({
      status: 'BAG_LOST',
      at: new Date(Date.parse(bag.reportedOn) + 21 * DAY_MS).toISOString(),
      source: 'tracing',
      station: null,
    });
    const mails = await messagesTo(t, demoEmail('travel', 'user'));
    expect(mails.map((m) => m.subject)).toContain('Your bag YOWAC20004 is now considered lost');
  });
});
