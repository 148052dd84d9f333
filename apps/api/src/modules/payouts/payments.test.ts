import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import {
  apiErrorSchema,
  DAY_MS,
  paymentListSchema,
  paymentSchema,
  payoutsContracts,
  routeName,
  type ContractDef,
} from '@tern/domain';
import { buildApp } from '../../app.ts';
import { liveEvents } from '../../live/tables.ts';
import { testConfig } from '../../config.ts';
import { fakeClock } from '../../lib/clock.ts';
import { keysFor } from '../../lib/encryption-for.ts';
import type { PayoutsPort } from '../../providers/payouts/port.ts';
import { simulatedPayouts } from '../../providers/payouts/simulator/index.ts';
import { simulatedTransfers } from '../../providers/payouts/tables.ts';
import { seedDemo } from '../../seed/seed-demo.ts';
import { payoutsJobs } from './jobs.ts';
import { payoutsRepo } from './repo.ts';
import { payments } from './tables.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { freshDatabase } from '../../../test/database.ts';
import { urlOf } from '../../../test/urls.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';

const partnerBackEnd = (partnerId: string) => ({
  'api-key': demoPartner(partnerId).apiKey,
  authorization: `Bearer ${demoPartner(partnerId).serverSecret}`,
});

/** Every log line the app writes, to prove what never appears in them. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

const CAD_METHOD = {
  description: 'Savings',
  type: 'BANK-MANUAL',
  legalType: 'INDIVIDUAL',
  institutionNumber: '003',
  transitNumber: '00011',
  accountNumber: '1234567',
  accountType: 'SAVINGS',
  emailAddress: 'user@travel.example.com',
};

describe('payments API', () => {
  const t = useTestApp({ logStream, config: { LOG_LEVEL: 'debug' } });
  let travel: SignedIn;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
  });

  const call = (
    contract: ContractDef,
    headers: Record<string, string>,
    options: { query?: Record<string, string>; body?: object } = {},
  ) =>
    t.app.inject({
      method: contract.method,
      url: urlOf(contract, {}, options.query),
      headers,
      ...(options.body ? { payload: options.body } : {}),
    });
  let keys = 0;
  const request = (overrides: object = {}) => ({
    userId: travel.userId,
    amount: 12_550,
    currency: 'CAD',
    reason: 'Flight AC123 delayed 4 hours',
    idempotencyKey: `resolution-${++keys}-${Date.now()}`,
    ...overrides,
  });
  const send = (body: object, headers: Record<string, string> = partnerBackEnd('travel')) =>
    call(payoutsContracts.send, headers, { body });
  /** Live events that told the user's pages their payments changed (live/events.ts logs each). */
  const paymentEvents = async () => {
    const rows = await t.database.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.userId, travel.userId));
    return rows.filter((row) => row.keys.includes(payoutsContracts.payments.id)).length;
  };
  /** Adds a method for the user through the API; answers its id. */
  const addMethod = async (who: SignedIn, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(payoutsContracts.create),
      headers: who.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().payoutMethodId as string;
  };
  const listed = async (who: SignedIn) =>
    paymentListSchema.parse(
      (
        await call(payoutsContracts.payments, who.headers, { query: { userId: who.userId } })
      ).json(),
    );

  describe(routeName(payoutsContracts.send), () => {
    it("pays the user's preferred method: requested, then sent and settled by the jobs", async () => {
      const res = await send(request());
      expect(res.statusCode).toBe(202);
      const payment = paymentSchema.parse(res.json());
      expect(payment).toMatchObject({
        amount: 12_550,
        currency: 'CAD',
        status: 'requested',
        method: { description: 'Chequing account', accountNumber: '****4321' },
      });
      await t.app.platform.jobs.settled();
      const [latest] = await listed(travel);
      expect(latest).toMatchObject({ paymentId: payment.paymentId, status: 'settled' });
      expect(latest!.providerReference).toMatch(/^SIM-/);
      expect(latest!.sentAt).not.toBeNull();
      expect(latest!.settledAt).not.toBeNull();
    });

    it('records a payment and queues its sending in one commit: a send that cannot be queued records nothing', async () => {
      const repo = payoutsRepo(t.database.db);
      const { idempotencyKey, ...rest } = request();
      const values = { ...rest, partnerId: 'travel', payoutMethodId: undefined, idempotencyKey };
      // The job's statement fails (as a crash between the two would have left it unqueued).
      await expect(
        repo.insertPayment(
          values,
          () => true,
          undefined,
          () => sql`(select 1 / 0)`,
        ),
      ).rejects.toThrow();
      const stored = () =>
        t.database.db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
      expect(await stored()).toEqual([]);
      // Through the API: the payment and its job together, sent by it.
      const res = await send({ ...request(), idempotencyKey });
      expect(res.statusCode, res.body).toBe(202);
      const { rows } = await t.database.pool.query<{ key: string }>(
        `select key from graphile_worker.jobs where task_identifier = $1`,
        [payoutsJobs.send.name],
      );
      const { paymentId } = paymentSchema.parse(res.json());
      expect(rows.map((r) => r.key)).toContain(`${payoutsJobs.send.name}:${paymentId}`);
      await t.app.platform.jobs.settled();
      expect((await stored())[0]?.status).toBe('settled');
    });

    it('pays once for 20 parallel requests with one idempotency key', async () => {
      const body = request();
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(body)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(202));
      expect(new Set(answers.map((a) => a.json().paymentId)).size).toBe(1);
      await t.app.platform.jobs.settled();
      const rows = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, body.idempotencyKey));
      expect(rows).toHaveLength(1);
      const [transfers] = await t.database.db
        .select({ n: count() })
        .from(simulatedTransfers)
        .where(eq(simulatedTransfers.idempotencyKey, rows[0]!.id));
      expect(transfers!.n).toBe(1);
    });

    it('refuses a key reused for another amount with 409 DUPLICATE_ENTRY', async () => {
      const body = request();
      expect((await send(body)).statusCode).toBe(202);
      const other = await send({ ...body, amount: 99 });
      expect(other.statusCode).toBe(409);
      expect(apiErrorSchema.parse(other.json()).code).toBe('DUPLICATE_ENTRY');
    });

    it('refuses floats, zero, an unknown currency and a short key, each on its field', async () => {
      for (const [field, value] of [
        ['amount', 125.5],
        ['amount', 0],
        ['currency', 'XYZ'],
        ['idempotencyKey', 'k'],
      ] as const) {
        const res = await send(request({ [field]: value }));
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', field });
      }
    });

    it("is the partner's: a customer's own session gets 403, another partner's user 404", async () => {
      const own = await send(request(), travel.headers);
      expect(own.statusCode).toBe(403);
      expect(own.json().code).toBe('PARTNER_ONLY');
      const business = await signIn(t, 'business');
      const other = await send(request({ userId: business.userId }));
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('USER_NOT_FOUND');
    });

    it('answers 404 PAYMENT_METHOD_NOT_FOUND for a user without methods or a method not theirs', async () => {
      const agent = await signIn(t, 'travel', 'agent');
      const none = await send(request({ userId: agent.userId }));
      expect(none.json()).toMatchObject({
        code: 'PAYMENT_METHOD_NOT_FOUND',
        field: 'payoutMethodId',
      });
      const theirs = await addMethod(agent, CAD_METHOD);
      const notTheirs = await send(request({ payoutMethodId: theirs }));
      expect(notTheirs.statusCode).toBe(404);
      expect(notTheirs.json().code).toBe('PAYMENT_METHOD_NOT_FOUND');
    });

    it('pays an account only in its own currency', async () => {
      const res = await send(request({ currency: 'EUR' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'currency' });
    });

    it('answers a repeated key with the first payment even once its method is removed', async () => {
      const payoutMethodId = await addMethod(travel, CAD_METHOD);
      const body = request({ payoutMethodId });
      const first = await send(body);
      await t.app.platform.jobs.settled();
      const removed = await t.app.inject({
        method: 'DELETE',
        url: urlOf(payoutsContracts.remove, { id: payoutMethodId }),
        headers: travel.headers,
      });
      expect(removed.statusCode).toBe(200);
      const again = await send(body);
      expect(again.statusCode).toBe(202);
      expect(again.json()).toMatchObject({
        paymentId: first.json().paymentId,
        status: 'settled',
        method: null,
      });
    });

    it('fails a payment the bank returns, with its reason; until then the method and its account stay', async () => {
      const payoutMethodId = await addMethod(travel, {
        ...CAD_METHOD,
        description: 'Closed account',
        accountNumber: '1230000',
      });
      // Workers paused: the payment stays open, so the method cannot go.
      await t.app.platform.jobs.stop();
      const res = await send(request({ payoutMethodId }));
      expect(res.json().status).toBe('requested');
      const remove = await t.app.inject({
        method: 'DELETE',
        url: urlOf(payoutsContracts.remove, { id: payoutMethodId }),
        headers: travel.headers,
      });
      expect(remove.statusCode).toBe(400);
      expect(remove.json().code).toBe('PAYOUT_METHOD_IN_USE');
      const redirect = await t.app.inject({
        method: 'PATCH',
        url: urlOf(payoutsContracts.update, { id: payoutMethodId }),
        headers: travel.headers,
        payload: { accountNumber: '7777777' },
      });
      expect(redirect.json().code).toBe('PAYOUT_METHOD_IN_USE');
      await t.app.platform.jobs.start(t.app.log);
      await t.app.platform.jobs.settled();
      const [failed] = await listed(travel);
      expect(failed).toMatchObject({ status: 'failed', failedAt: expect.any(String) });
      expect(failed!.failureReason).toMatch(/account closed/);
      // The customer reads it by key, in their language (issue 25 item 5.13).
      expect(failed!.failureText).toEqual({
        key: 'payouts:payments.failure.ACCOUNT_CLOSED',
        params: {},
      });
    });
  });

  it('fails a payment the provider has not taken a day after it was asked for, and resends a younger one', async () => {
    await t.app.platform.jobs.stop();
    const old = paymentSchema.parse((await send(request())).json());
    const young = paymentSchema.parse((await send(request())).json());
    // Both lost their jobs long ago (as after a crash); one was asked for over a day ago.
    for (const payment of [old, young])
      await t.database.db.execute(
        sql`select graphile_worker.remove_job(${`${payoutsJobs.send.name}:${payment.paymentId}`})`,
      );
    await t.database.db
      .update(payments)
      .set({ updatedAt: new Date(t.clock.now().getTime() - DAY_MS) })
      .where(inArray(payments.id, [old.paymentId, young.paymentId]));
    await t.database.db
      .update(payments)
      .set({ requestedAt: new Date(t.clock.now().getTime() - DAY_MS - 1000) })
      .where(eq(payments.id, old.paymentId));
    await t.app.platform.jobs.start(t.app.log);
    await t.app.platform.jobs.add(payoutsJobs.resume, {});
    await t.app.platform.jobs.settled();
    const byId = new Map((await listed(travel)).map((p) => [p.paymentId, p]));
    expect(byId.get(old.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'The payout provider could not take the payment',
      failureText: { key: 'payouts:payments.failure.REFUSED', params: {} },
    });
    expect(byId.get(young.paymentId)?.status).toBe('settled');
  });

  describe(routeName(payoutsContracts.payments), () => {
    it("tells the user's open pages of each step: requested, sent, settled", async () => {
      const before = await paymentEvents();
      await send(request());
      await t.app.platform.jobs.settled();
      expect((await paymentEvents()) - before).toBe(3);
    });

    it("answers another user's id with 404", async () => {
      const business = await signIn(t, 'business');
      const res = await call(payoutsContracts.payments, travel.headers, {
        query: { userId: business.userId },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  it('never writes an account number, IBAN or routing number in a log line', async () => {
    await addMethod(travel, {
      ...CAD_METHOD,
      currency: 'EUR',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      institutionNumber: undefined,
      transitNumber: undefined,
      accountNumber: undefined,
      accountType: undefined,
    });
    await addMethod(travel, {
      ...CAD_METHOD,
      currency: 'USD',
      institutionNumber: undefined,
      transitNumber: undefined,
      routingNumber: '011000015',
      accountNumber: '000123456',
    });
    await t.app.platform.jobs.settled();
    expect(logLines.length).toBeGreaterThan(0);
    // The lines' text without their numbers (times, durations), whose digits could hold any.
    const lines = logLines.map((line) =>
      JSON.stringify(JSON.parse(line), (_key, value: unknown) =>
        typeof value === 'number' ? undefined : value,
      ),
    );
    for (const secret of [
      '7654321',
      '1230000',
      '00011',
      '0532013000',
      '0532 0130',
      '011000015',
      '000123456',
    ])
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });
});

describe('a crash between the provider and the database write', () => {
  it('is retried with the same key, and the provider pays once', async () => {
    const fresh = await freshDatabase();
    const config = testConfig();
    const clock = fakeClock();
    await seedDemo(fresh.database.db, keysFor(config), clock.now());
    const simulator = simulatedPayouts({ db: fresh.database.db, clock, settleAfterMs: 0 });
    let calls = 0;
    // The provider pays; the first answer is lost on the way back, as in a crash.
    const crashing: PayoutsPort = {
      ...simulator,
      async transfer(request) {
        const transfer = await simulator.transfer(request);
        calls += 1;
        if (calls === 1) throw new Error('connection lost after the provider paid');
        return transfer;
      },
    };
    const app = await buildApp({
      config,
      database: fresh.database,
      clock,
      providers: { payouts: crashing },
    });
    try {
      await app.ready();
      const user = await signIn({ app, database: fresh.database, clock }, 'travel');
      const res = await app.inject({
        method: 'POST',
        url: urlOf(payoutsContracts.send),
        headers: partnerBackEnd('travel'),
        payload: {
          userId: user.userId,
          amount: 5000,
          currency: 'CAD',
          reason: 'Goodwill',
          idempotencyKey: 'crash-test-1',
        },
      });
      expect(res.statusCode).toBe(202);
      // The failed attempt is retried after graphile-worker's backoff (about 3 s).
      await expect
        .poll(async () => (await fresh.database.db.select().from(payments))[0]?.status, {
          timeout: 20_000,
          interval: 100,
        })
        .toBe('settled');
      expect(calls).toBe(2);
      const transfers = await fresh.database.db.select().from(simulatedTransfers);
      expect(transfers).toHaveLength(1);
      const [row] = await fresh.database.db.select().from(payments);
      expect(row).toMatchObject({ status: 'settled', providerReference: transfers[0]!.reference });
    } finally {
      await app.close();
      await fresh.release();
    }
  });
});
