import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  HOUR_MS,
  MONTREAL_BAGGAGE_LIMIT_SDR,
  luggageContracts,
  RESOLUTION_TEXT_KEYS,
  resolutionOptionsSchema,
  resolutionsContracts,
  travelContracts,
  tripSchema,
  type BagStatus,
  type ResolutionOptions,
  type Trip,
} from '@tern/domain';
import { useTestApp } from '../../../test/app.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { moveBagFile } from '../../providers/bag-tracing/simulator/index.ts';
import { simulatedBagFiles } from '../../providers/bag-tracing/tables.ts';
import { announceBagChange } from '../luggage/index.ts';
import { bagEvents, lostBags } from '../luggage/tables.ts';
import { payments } from '../payouts/tables.ts';
import { resolutionsJobs } from './jobs.ts';
import { resolutions } from './tables.ts';

/**
 * A lost bag's staged cash through the API, on the fake clock: the travel demo partner pays
 * CAD 50 at 12 hours after the report, 50 at 24, 100 at 48 and 150 at 96 while the bag is not
 * delivered, at most CAD 350 a bag and CAD 1,000 a policy. The jobs run a stage "at its time":
 * the test queues the run once it has moved the clock there.
 */
describe('lost bag resolutions', () => {
  const t = useTestApp();
  const call = callAs(t);
  let user: SignedIn;
  let other: SignedIn;
  const signInBoth = async () => {
    user = await signIn(t, 'travel');
    other = await signIn(t, 'travel', 'employee');
  };
  beforeAll(signInBoth);
  /** Time passes; the sessions it ended are opened again. */
  const advance = async (hours: number) => {
    t.clock.advance(hours * HOUR_MS);
    await signInBoth();
  };

  let tags = 0;
  /** A trip with a bag on its flight, its report at `status` (completed now unless REPORTED). */
  async function bagOf(who: SignedIn, status: BagStatus = 'BAG_REPORTED_LOST', pir = 'YYZAC12345') {
    // A trip bought ahead of the clock's moves (the bag's own flight date plays no part).
    tags += 1;
    const res = await call(travelContracts.blinkIt, who, {
      body: {
        flights: [{ flightNumber: 'AC856', embarkDate: `2026-06-${10 + tags}`, origin: 'YYZ' }],
        passengers: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const trip: Trip = tripSchema.parse(res.json());
    const now = t.clock.now();
    const [bag] = await t.database.db
      .insert(lostBags)
      .values({
        userId: who.userId,
        partnerId: 'travel',
        tripId: trip.tripId,
        flightId: trip.flights[0]!.flightId,
        status,
        pir,
        tagNumber: String(1_000_000_000 + tags),
        colour: 'BK',
        type: '22',
        reportedOn: now,
        reportedOnLocal: '2026-01-15 07:00',
      })
      .returning();
    if (status !== 'REPORTED')
      await t.database.db
        .insert(bagEvents)
        .values({ bagId: bag!.id, status: 'BAG_REPORTED_LOST', at: now, source: 'customer' });
    return { trip, bagId: bag!.id, reportedAt: now };
  }

  /** The tracing system moved the bag (the luggage area's change, as it commits it). */
  async function traced(bagId: string, status: BagStatus) {
    await t.database.db.update(lostBags).set({ status }).where(eq(lostBags.id, bagId));
    await t.database.db
      .insert(bagEvents)
      .values({ bagId, status, at: t.clock.now(), source: 'tracing' });
  }

  /** The bag's stage jobs run, as graphile-worker runs them at their time. */
  async function stagesRun(bagId: string) {
    await t.app.platform.jobs.add(resolutionsJobs['bag-stage'], { bagId, stage: 1 });
    await t.app.platform.jobs.settled();
  }

  const options = async (who: SignedIn, bagId: string): Promise<ResolutionOptions> => {
    const res = await call(resolutionsContracts.options, who, {
      query: { category: 'luggage', bagId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return resolutionOptionsSchema.parse(res.json());
  };
  const cashOf = (answer: ResolutionOptions) =>
    answer.resolutions.map((r) => [r.prize, r.state.status]);
  const claim = (who: SignedIn, resolutionId: string, bagId: string) =>
    call(resolutionsContracts.select, who, {
      body: {
        category: 'luggage',
        bagId,
        resolutionId,
        payoutMethodId: DEMO_IDS.travelPayoutMethod,
      },
    });

  describe('the stages', () => {
    let bag: Awaited<ReturnType<typeof bagOf>>;
    beforeAll(async () => {
      bag = await bagOf(user);
    });

    it('brings nothing before 12 hours, and shows the bag and the stage to come', async () => {
      await advance(11);
      await stagesRun(bag.bagId);
      const answer = await options(user, bag.bagId);
      expect(answer.resolutions).toEqual([]);
      expect(answer.bag).toEqual({
        bagId: bag.bagId,
        pir: 'YYZAC12345',
        reportedOn: '2026-01-15 07:00',
        created: bag.reportedAt.toISOString(),
        status: 'BAG_REPORTED_LOST',
        recommendation: null,
        liabilityLimitSdr: MONTREAL_BAGGAGE_LIMIT_SDR,
        nextStage: {
          at: new Date(bag.reportedAt.getTime() + 12 * HOUR_MS).toISOString(),
          amount: 5_000,
        },
      });
      expect(answer.flight).toBeNull();
      expect(answer.policy).toMatchObject({
        policyCap: 100_000,
        policyCapUsed: 0,
        currency: 'CAD',
      });
    });

    it('opens one stage at 12 hours, once however often its job runs', async () => {
      await advance(1);
      await Promise.all([1, 2, 3].map(() => stagesRun(bag.bagId)));
      const answer = await options(user, bag.bagId);
      expect(cashOf(answer)).toEqual([[5_000, 'Initial']]);
      expect(answer.resolutions[0]).toMatchObject({
        type: 'CASH',
        currency: 'CAD',
        stage: {
          number: 1,
          afterHours: 12,
          description: { key: RESOLUTION_TEXT_KEYS.bagStage, params: { hours: 12 } },
        },
      });
      expect(answer.next.resolution).toBe('CASH');
      expect(answer.bag!.nextStage!.amount).toBe(5_000);
      expect(answer.trail).toMatchObject([{ type: 'CASH', from: null, to: 'Initial' }]);
    });

    it('pays a claimed stage once through the payouts simulator, and answers the bag', async () => {
      const [stage] = (await options(user, bag.bagId)).resolutions;
      const answers = await Promise.all([1, 2].map(() => claim(user, stage!.id, bag.bagId)));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const answered = resolutionOptionsSchema.parse(answers[0]!.json());
      expect(answered.bag?.bagId).toBe(bag.bagId);
      await t.app.platform.jobs.settled();
      const paid = await options(user, bag.bagId);
      expect(paid.resolutions[0]!.state).toMatchObject({
        status: 'Confirmed',
        payment: { amount: 5_000, currency: 'CAD', status: 'settled' },
      });
      expect(paid.policy.policyCapUsed).toBe(5_000);
      const rows = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.userId, user.userId));
      expect(rows.filter((p) => p.reason === 'Lost bag YYZAC12345')).toHaveLength(1);
      expect(rows.find((p) => p.reason === 'Lost bag YYZAC12345')!.reasonText).toEqual({
        key: RESOLUTION_TEXT_KEYS.bagPaymentReason,
        params: { pir: 'YYZAC12345' },
      });
    });

    it('keeps a bag whose cash has been claimed from being withdrawn', async () => {
      expectApiError(
        await call(luggageContracts.removeBag, user, { params: { bagId: bag.bagId } }),
        403,
        'BAG_RESOLUTION_PENDING',
      );
    });

    it('opens more at 24 and 48 hours, and keeps them when the bag is declared lost', async () => {
      await advance(12);
      await stagesRun(bag.bagId);
      expect(cashOf(await options(user, bag.bagId))).toEqual([
        [5_000, 'Confirmed'],
        [5_000, 'Initial'],
      ]);
      await traced(bag.bagId, 'BAG_LOST');
      await advance(24);
      await stagesRun(bag.bagId);
      const answer = await options(user, bag.bagId);
      expect(cashOf(answer).map(([prize]) => prize)).toEqual([5_000, 5_000, 10_000]);
      expect(answer.bag).toMatchObject({
        status: 'BAG_LOST',
        recommendation: RESOLUTION_TEXT_KEYS.bagLost,
        nextStage: { amount: 15_000 },
      });
    });
  });

  it('opens in the sweep a stage whose job never ran', async () => {
    const bag = await bagOf(user);
    await advance(25);
    await t.app.platform.jobs.add(resolutionsJobs.sweep, {});
    await t.app.platform.jobs.settled();
    expect(cashOf(await options(user, bag.bagId))).toEqual([
      [5_000, 'Initial'],
      [5_000, 'Initial'],
    ]);
  });

  it('opens no stage after the bag was delivered, but those due before it', async () => {
    const bag = await bagOf(user);
    await advance(13);
    await traced(bag.bagId, 'BAG_DELIVERED');
    await advance(100);
    await stagesRun(bag.bagId);
    const answer = await options(user, bag.bagId);
    expect(cashOf(answer)).toEqual([[5_000, 'Initial']]);
    expect(answer.bag).toMatchObject({ status: 'BAG_DELIVERED', nextStage: null });
  });

  it('follows the tracing of the bag: a delivery opens the stage due before it, and no more', async () => {
    const pir = 'YYZAC54321';
    const bag = await bagOf(user, 'BAG_REPORTED_LOST', pir);
    // The airline's tracing system (the simulator) holds the bag's file from its report.
    await t.database.db.insert(simulatedBagFiles).values({
      pir,
      tagNumber: '0014123456',
      colour: 'BK',
      type: '22',
      station: 'YYZ',
      airline: 'AC',
      reportedAt: bag.reportedAt,
    });
    const simulator = { db: t.database.db, clock: t.clock, lostAfterDays: 21 };
    await advance(13);
    expect((await moveBagFile(simulator, { pir, to: 'delivered' })).ok).toBe(true);
    // Its change notice: the luggage area reads the file and tells the resolutions area.
    await announceBagChange(t.database, pir);
    await t.app.platform.jobs.settled();
    const answer = await options(user, bag.bagId);
    expect(answer.bag).toMatchObject({ status: 'BAG_DELIVERED', nextStage: null });
    expect(cashOf(answer)).toEqual([[5_000, 'Initial']]);
    await advance(100);
    await stagesRun(bag.bagId);
    expect(cashOf(await options(user, bag.bagId))).toEqual([[5_000, 'Initial']]);
  });

  it('pays at most the cap per bag across the stages', async () => {
    const bag = await bagOf(user);
    await advance(200);
    await stagesRun(bag.bagId);
    const answer = await options(user, bag.bagId);
    expect(cashOf(answer).map(([prize]) => prize)).toEqual([5_000, 5_000, 10_000, 15_000]);
    expect(answer.bag!.nextStage).toBeNull();
    // Cash not claimed holds nothing: the report goes, its options with it.
    const removed = await call(luggageContracts.removeBag, user, { params: { bagId: bag.bagId } });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await t.database.db
      .select()
      .from(resolutions)
      .where(eq(resolutions.bagId, bag.bagId));
    expect(left).toEqual([]);
  });

  it("cuts a stage to what the policy's cap has left, and refuses once it is spent", async () => {
    const bag = await bagOf(user);
    // Other cash of the same trip has used all but CAD 30 of the policy's CAD 1,000.
    await t.database.db.insert(resolutions).values({
      userId: user.userId,
      partnerId: 'travel',
      tripId: bag.trip.tripId,
      flightId: bag.trip.flights[0]!.flightId,
      capKey: `trip:${bag.trip.tripId}`,
      position: 0,
      type: 'CASH',
      status: 'Confirmed',
      amount: 97_000,
      paidAmount: 97_000,
      currency: 'CAD',
    });
    await advance(30);
    await stagesRun(bag.bagId);
    const [first, second] = (await options(user, bag.bagId)).resolutions;
    expect(first).toMatchObject({ prize: 3_000, capped: 1, cap: 5_000 });
    expect((await claim(user, first!.id, bag.bagId)).statusCode).toBe(200);
    const after = await options(user, bag.bagId);
    expect(after.policy.policyCapUsed).toBe(100_000);
    expect(after.resolutions[0]!.state.confirmation).toMatchObject({ prize: 3_000, capped: 1 });
    expectApiError(await claim(user, second!.id, bag.bagId), 409, 'CLAIMS_EXCEEDED');
  });

  it('answers 403 BAG_RESOLUTION_PENDING while the report is not completed', async () => {
    const bag = await bagOf(user, 'REPORTED');
    await advance(13);
    await stagesRun(bag.bagId);
    const res = await call(resolutionsContracts.options, user, {
      query: { category: 'luggage', bagId: bag.bagId },
    });
    expectApiError(res, 403, 'BAG_RESOLUTION_PENDING');
    const rows = await t.database.db
      .select()
      .from(resolutions)
      .where(eq(resolutions.bagId, bag.bagId));
    expect(rows).toEqual([]);
  });

  it("answers 404 BAG_NOT_FOUND for another user's bag, and for their option by its bag", async () => {
    const bag = await bagOf(user);
    await advance(13);
    await stagesRun(bag.bagId);
    const res = await call(resolutionsContracts.options, other, {
      query: { category: 'luggage', bagId: bag.bagId },
    });
    expectApiError(res, 404, 'BAG_NOT_FOUND');
    const [stage] = (await options(user, bag.bagId)).resolutions;
    expectApiError(await claim(other, stage!.id, bag.bagId), 404, 'RESOLUTION_NOT_FOUND');
    const mine = await bagOf(user);
    expectApiError(await claim(user, stage!.id, mine.bagId), 404, 'RESOLUTION_NOT_FOUND');
  });
});
