import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import {
  MAX_WEBHOOK_ENDPOINTS,
  partnersContracts,
  travelContracts,
  tripSchema,
  webhookDeliveryPageSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookPayloadSchema,
  type WebhookDelivery,
  type WebhookEventType,
} from '@tern/domain';
import { demoPartner, useTestApp, type TestContext } from '../../../../test/app.ts';
import { callAs, expectApiError } from '../../../../test/calls.ts';
import { signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { signedIn } from '../../../../test/accounts.ts';
import { WEBHOOK_USER_AGENT } from './signer.ts';
import { webhookDelivery, WebhookAttemptFailed } from './delivery.ts';
import { WEBHOOK_MAX_ATTEMPTS, webhooksJobs } from './jobs.ts';
import { webhooksRepo } from './repo.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './tables.ts';

const DAY_MS = 86_400_000;

/** Every log line the app writes, to prove no secret is among them. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A partner's receiver on a local port: it keeps every request and answers the statuses it is
 * told in turn (then 200); `verify` checks a request's signature as a partner would, with the
 * `standardwebhooks` library.
 */
async function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      // A long answer, of which the delivery log keeps the start only.
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : `down ${'x'.repeat(300)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The next answers, in order (then 200 again). */
    answer: (...statuses: number[]) => void answers.push(...statuses),
    verify: (secret: string, request: Received) =>
      new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

/** Waits (in real time: the receiver and the queue run on it) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The partner's back end: its api-key and one of its server secrets. */
const backEnd = (partnerId: string) => ({
  headers: {
    'api-key': demoPartner(partnerId).apiKey,
    authorization: `Bearer ${demoPartner(partnerId).serverSecret}`,
  },
});

/**
 * Retries wait exp(n) seconds in the queue: a test brings its waiting retries forward rather
 * than sleeping (the worker looks for due jobs every 2 s).
 */
const retryNow = (t: TestContext) =>
  t.database.db.execute(
    sql`update graphile_worker._private_jobs set run_at = now()
         where attempts > 0 and attempts < max_attempts and locked_at is null`,
  );

describe('partner webhooks', () => {
  // The receiver checks each signature's time against its own clock: the app's starts now.
  const t = useTestApp({ logStream, config: { LOG_LEVEL: 'debug' }, now: new Date() });
  const call = callAs(t);
  const travel = backEnd('travel');
  const secrets: string[] = [];
  const receivers: Receiver[] = [];
  let hooks: Receiver;
  let customer: SignedIn;
  /** A receiver of the test's own: what it gets is that test's alone. */
  const ownReceiver = async () => {
    const made = await receiver();
    receivers.push(made);
    return made;
  };

  beforeAll(async () => {
    hooks = await ownReceiver();
    customer = await signIn(t, 'travel');
  });
  afterAll(async () => {
    for (const made of receivers) await made.close();
  });

  const addEndpoint = async (
    body: { url: string; events: WebhookEventType[]; description?: string },
    who: { headers: Record<string, string> } = travel,
    partnerId = 'travel',
  ) => {
    const res = await call(partnersContracts.addWebhook, who, { params: { partnerId }, body });
    expect(res.statusCode, res.body).toBe(201);
    const created = webhookEndpointCreatedSchema.parse(res.json());
    secrets.push(created.secret);
    return created;
  };
  const deliveriesOf = async (endpointId: string, query: Record<string, string> = {}) => {
    const res = await call(partnersContracts.webhookDeliveries, travel, {
      params: { partnerId: 'travel', endpointId },
      query,
    });
    expect(res.statusCode, res.body).toBe(200);
    return webhookDeliveryPageSchema.parse(res.json());
  };
  const onlyDelivery = async (endpointId: string): Promise<WebhookDelivery> => {
    const { deliveries } = await deliveriesOf(endpointId);
    expect(deliveries).toHaveLength(1);
    return deliveries[0]!;
  };
  let day = 10;
  /** Covers a new trip on AC856 (YYZ) some days ahead, through the API as the portal does. */
  const blink = async () => {
    const embarkDate = new Date(t.clock.now().getTime() + day++ * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const res = await call(travelContracts.blinkIt, customer, {
      body: { flights: [{ flightNumber: 'AC856', embarkDate, origin: 'YYZ' }], passengers: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return tripSchema.parse(res.json());
  };
  const setEnabled = (endpointId: string, enabled: boolean) =>
    call(partnersContracts.updateWebhook, travel, {
      params: { partnerId: 'travel', endpointId },
      body: { enabled },
    });

  it('registers an endpoint and answers its secret once; the list never shows it', async () => {
    const created = await addEndpoint({
      url: hooks.url,
      events: ['trip.covered', 'trip.covered', 'flight.disrupted'],
      description: ' Bookings ',
    });
    expect(created).toMatchObject({
      url: hooks.url,
      description: 'Bookings',
      events: ['trip.covered', 'flight.disrupted'],
      enabled: true,
      lastDelivery: null,
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThan(23);
    // Kept only encrypted.
    const [row] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(row!.secretCiphertext).not.toContain(created.secret.slice(6));
    expect(t.app.platform.encryption.decrypt(row!.secretCiphertext)).toBe(created.secret);

    const list = await call(partnersContracts.webhooks, travel, {
      params: { partnerId: 'travel' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain('secret');
    expect(webhookEndpointListSchema.parse(list.json()).map((e) => e.id)).toContain(created.id);
  });

  it('refuses an address that is not http(s), an unknown event, no event and an empty change', async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await call(partnersContracts.addWebhook, travel, {
        params: { partnerId: 'travel' },
        body,
      });
      expectApiError(res, 400, 'INVALID_PARAMS');
      expect(JSON.stringify(res.json())).toContain(field);
    };
    await bad({ url: 'ftp://example.com/hooks', events: ['trip.covered'] }, 'url');
    await bad({ url: 'not a url', events: ['trip.covered'] }, 'url');
    await bad({ url: hooks.url, events: ['trip.sold'] }, 'events');
    await bad({ url: hooks.url, events: [] }, 'events');
    const created = await addEndpoint({ url: hooks.url, events: ['payout.sent'] });
    const empty = await call(partnersContracts.updateWebhook, travel, {
      params: { partnerId: 'travel', endpointId: created.id },
      body: {},
    });
    expectApiError(empty, 400, 'INVALID_PARAMS');
    await call(partnersContracts.removeWebhook, travel, {
      params: { partnerId: 'travel', endpointId: created.id },
    });
  });

  it('lets the back end and an ADMIN manage webhooks; an AGENT and a customer get 403, another partner 404', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const byAdmin = await addEndpoint({ url: hooks.url, events: ['bag.status_changed'] }, admin);
    const agent = await signedIn(t, 'agent@travel.example.com');
    for (const who of [agent, customer]) {
      expectApiError(
        await call(partnersContracts.webhooks, who, { params: { partnerId: 'travel' } }),
        403,
        'PARTNER_ONLY',
      );
      expectApiError(
        await call(partnersContracts.addWebhook, who, {
          params: { partnerId: 'travel' },
          body: { url: hooks.url, events: ['trip.covered'] },
        }),
        403,
        'PARTNER_ONLY',
      );
    }
    // Another partner's back end: its own api-key and secret name no endpoint of Skyward's.
    const harbour = backEnd('business');
    expectApiError(
      await call(partnersContracts.webhooks, harbour, { params: { partnerId: 'travel' } }),
      404,
      'PARTNER_NOT_FOUND',
    );
    expectApiError(
      await call(partnersContracts.webhookDeliveries, harbour, {
        params: { partnerId: 'business', endpointId: byAdmin.id },
        query: {},
      }),
      404,
      'WEBHOOK_NOT_FOUND',
    );
    expectApiError(
      await call(partnersContracts.rotateWebhookSecret, harbour, {
        params: { partnerId: 'business', endpointId: byAdmin.id },
      }),
      404,
      'WEBHOOK_NOT_FOUND',
    );
    // Its secret with Skyward's api-key is no secret of Skyward's.
    const mixed = {
      headers: { ...travel.headers, authorization: harbour.headers.authorization },
    };
    expect(
      (await call(partnersContracts.webhooks, mixed, { params: { partnerId: 'travel' } }))
        .statusCode,
    ).toBe(401);
    await call(partnersContracts.removeWebhook, travel, {
      params: { partnerId: 'travel', endpointId: byAdmin.id },
    });
  });

  it('sends a trip covered through the API to the receiver, signed as Standard Webhooks says', async () => {
    const hooks = await ownReceiver();
    const endpoint = await addEndpoint({ url: hooks.url, events: ['trip.covered'] });
    const trip = await blink();
    await until(() => hooks.received.length > 0, 'the trip.covered delivery');
    const request = hooks.received[0]!;
    const payload = webhookPayloadSchema.parse(hooks.verify(endpoint.secret, request));
    expect(payload).toMatchObject({
      type: 'trip.covered',
      data: {
        tripId: trip.tripId,
        userId: customer.userId,
        type: 'single',
        passengers: 1,
        flights: [{ flightNumber: 'AC856', origin: 'YYZ' }],
      },
    });
    expect(new Date(payload.timestamp).getTime()).toBe(t.clock.now().getTime());
    // Ids and states only: nobody's name or address travels.
    expect(request.body).not.toMatch(/@|Uma|user@travel/);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    // Another secret does not verify it.
    const other = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect(() => hooks.verify(other, request)).toThrow();

    await t.app.platform.jobs.settled();
    const delivery = await onlyDelivery(endpoint.id);
    expect(delivery).toMatchObject({
      id: request.headers['webhook-id'],
      eventType: 'trip.covered',
      status: 'succeeded',
      replays: 0,
      attempts: [{ series: 1, attempt: 1, httpStatus: 200, errorClass: null, response: 'ok' }],
    });
    const list = webhookEndpointListSchema.parse(
      (await call(partnersContracts.webhooks, travel, { params: { partnerId: 'travel' } })).json(),
    );
    expect(list.find((e) => e.id === endpoint.id)!.lastDelivery).toMatchObject({
      status: 'succeeded',
    });
  });

  it('sends a flight the customer reports cancelled as flight.disrupted', async () => {
    const hooks = await ownReceiver();
    const endpoint = await addEndpoint({ url: hooks.url, events: ['flight.disrupted'] });
    const trip = await blink();
    const flight = trip.flights[0]!;
    const before = 0;
    const res = await call(travelContracts.alert, customer, {
      params: { tripId: trip.tripId, flightId: flight.flightId },
      body: { alertType: 'CANCELLATION' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await until(
      () =>
        hooks.received.slice(before).some((r) => JSON.parse(r.body).type === 'flight.disrupted'),
      'the flight.disrupted delivery',
    );
    const request = hooks.received
      .slice(before)
      .find((r) => JSON.parse(r.body).type === 'flight.disrupted')!;
    expect(webhookPayloadSchema.parse(hooks.verify(endpoint.secret, request))).toMatchObject({
      data: {
        flightId: flight.flightId,
        tripId: trip.tripId,
        alertType: 'CANCELLATION',
        delayDate: null,
        source: 'customer',
      },
    });
  });

  it('raises nothing when the change rolls back, and nothing for an endpoint not subscribed', async () => {
    const events = async () =>
      (await t.database.db.select().from(webhookEvents)).filter((e) => e.type === 'payout.settled');
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.platform.partnerEvents.emit(
          {
            partnerId: 'travel',
            type: 'trip.covered',
            data: {
              tripId: crypto.randomUUID(),
              userId: customer.userId,
              type: 'single',
              externalPolicyNumber: null,
              passengers: 1,
              flights: [],
            },
          },
          tx,
        );
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    // Only the endpoints above exist: none takes payout.settled, so nothing is kept of it.
    await t.app.platform.partnerEvents.emit({
      partnerId: 'travel',
      type: 'payout.settled',
      data: {
        paymentId: crypto.randomUUID(),
        userId: customer.userId,
        status: 'settled',
        amount: 2500,
        currency: 'CAD',
        idempotencyKey: 'k-1',
      },
    });
    expect(await events()).toEqual([]);
    // Data beyond the event's fields (a name) is refused where it is raised.
    await expect(
      t.app.platform.partnerEvents.emit({
        partnerId: 'travel',
        type: 'payout.settled',
        data: {
          paymentId: crypto.randomUUID(),
          userId: customer.userId,
          status: 'settled',
          amount: 2500,
          currency: 'CAD',
          idempotencyKey: 'k-2',
          beneficiary: 'Uma User',
        } as never,
      }),
    ).rejects.toThrow();
  });

  it('retries a failing receiver until it answers, records each attempt, then never sends it again', async () => {
    const hooks = await ownReceiver();
    const endpoint = await addEndpoint({ url: hooks.url, events: ['trip.covered'] });
    hooks.answer(500, 500);
    const before = 0;
    await blink();
    await until(() => hooks.received.length === before + 1, 'the first attempt');
    await until(
      async () => (await onlyDelivery(endpoint.id)).attempts.length === 1,
      'the first attempt recorded',
    );
    const waiting = await onlyDelivery(endpoint.id);
    expect(waiting).toMatchObject({ status: 'pending' });
    // Still being attempted: not replayed.
    expectApiError(
      await call(partnersContracts.replayWebhookDelivery, travel, {
        params: { partnerId: 'travel', endpointId: endpoint.id, deliveryId: waiting.id },
      }),
      409,
      'WEBHOOK_DELIVERY_PENDING',
    );
    for (const count of [2, 3]) {
      await until(async () => {
        await retryNow(t);
        return hooks.received.length === before + count;
      }, `attempt ${count}`);
    }
    await t.app.platform.jobs.settled();
    const done = await onlyDelivery(endpoint.id);
    expect(done.status).toBe('succeeded');
    expect(done.attempts.map((a) => [a.series, a.attempt, a.httpStatus, a.errorClass])).toEqual([
      [1, 1, 500, 'http_status'],
      [1, 2, 500, 'http_status'],
      [1, 3, 200, null],
    ]);
    expect(done.attempts[0]!.response).toHaveLength(200);
    const sent = hooks.received.slice(before);
    // One message: the same id and body each time, each attempt signed at its own time.
    expect(new Set(sent.map((r) => r.headers['webhook-id']))).toEqual(new Set([done.id]));
    expect(new Set(sent.map((r) => r.body)).size).toBe(1);
    for (const request of sent) hooks.verify(endpoint.secret, request);

    // Its job run again (a duplicate, a late retry) sends nothing.
    await t.app.platform.jobs.add(webhooksJobs.deliver, { deliveryId: done.id, series: 1 });
    await t.app.platform.jobs.settled();
    expect(hooks.received.length).toBe(before + 3);
    expect((await onlyDelivery(endpoint.id)).attempts).toHaveLength(3);

    // A replay: the same body under the same webhook-id, signed anew, as a second series.
    const replay = await call(partnersContracts.replayWebhookDelivery, travel, {
      params: { partnerId: 'travel', endpointId: endpoint.id, deliveryId: done.id },
    });
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json()).toMatchObject({ id: done.id, status: 'pending', replays: 1 });
    await until(() => hooks.received.length === before + 4, 'the replay');
    const again = hooks.received.at(-1)!;
    expect(again.headers['webhook-id']).toBe(done.id);
    expect(again.body).toBe(sent[0]!.body);
    hooks.verify(endpoint.secret, again);
    await t.app.platform.jobs.settled();
    const replayed = await onlyDelivery(endpoint.id);
    expect(replayed).toMatchObject({ status: 'succeeded', replays: 1 });
    expect(replayed.attempts.at(-1)).toMatchObject({ series: 2, attempt: 1, httpStatus: 200 });

    await setEnabled(endpoint.id, false);
  });

  it(`fails a delivery after ${WEBHOOK_MAX_ATTEMPTS} attempts, keeps it, and replays it once the receiver is back`, async () => {
    const down = await ownReceiver();
    const endpoint = await addEndpoint({ url: down.url, events: ['claim.status_changed'] });
    // Raised and committed with the endpoint turned off in the same transaction: its job
    // finds it disabled and fails it without a request. Then the job is this test's to run.
    await t.database.db.transaction(async (tx) => {
      await t.app.platform.partnerEvents.emit(
        {
          partnerId: 'travel',
          type: 'claim.status_changed',
          data: {
            claimId: crypto.randomUUID(),
            itemId: crypto.randomUUID(),
            userId: customer.userId,
            claimNumber: 'CLM-1',
            status: 'prediction',
            previousStatus: null,
          },
        },
        tx,
      );
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false })
        .where(eq(webhookEndpoints.id, endpoint.id));
    });
    await t.app.platform.jobs.settled();
    const disabled = await onlyDelivery(endpoint.id);
    expect(disabled).toMatchObject({
      status: 'failed',
      attempts: [{ errorClass: 'endpoint_disabled', httpStatus: null }],
    });
    expect(down.received).toHaveLength(0);
    // Replayed while the endpoint is off: refused.
    expectApiError(
      await call(partnersContracts.replayWebhookDelivery, travel, {
        params: { partnerId: 'travel', endpointId: endpoint.id, deliveryId: disabled.id },
      }),
      409,
      'WEBHOOK_ENDPOINT_DISABLED',
    );

    // Each attempt of a series, as the job makes it, against a receiver that keeps failing.
    expect((await setEnabled(endpoint.id, true)).statusCode).toBe(200);
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: 'pending', series: 2 })
      .where(eq(webhookDeliveries.id, disabled.id));
    const deliver = webhookDelivery({
      repo: webhooksRepo(t.database.db),
      encryption: t.app.platform.encryption,
      clock: t.clock,
    });
    down.answer(...Array<number>(WEBHOOK_MAX_ATTEMPTS).fill(503));
    for (let n = 1; n <= WEBHOOK_MAX_ATTEMPTS; n++) {
      await expect(deliver(disabled.id, 2)).rejects.toThrow(WebhookAttemptFailed);
      const { status } = await onlyDelivery(endpoint.id);
      expect(status).toBe(n < WEBHOOK_MAX_ATTEMPTS ? 'pending' : 'failed');
    }
    // Past its last attempt a late run sends nothing.
    await deliver(disabled.id, 2);
    expect(down.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const failed = await onlyDelivery(endpoint.id);
    expect(failed.attempts.filter((a) => a.series === 2)).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(failed.attempts.at(-1)).toMatchObject({ httpStatus: 503, errorClass: 'http_status' });

    // Kept, and replayed through the API once the receiver answers again.
    const res = await call(partnersContracts.replayWebhookDelivery, travel, {
      params: { partnerId: 'travel', endpointId: endpoint.id, deliveryId: failed.id },
    });
    expect(res.statusCode, res.body).toBe(202);
    await until(() => down.received.length === WEBHOOK_MAX_ATTEMPTS + 1, 'the replay');
    await t.app.platform.jobs.settled();
    expect(await onlyDelivery(endpoint.id)).toMatchObject({ status: 'succeeded', replays: 2 });
    expect(down.verify(endpoint.secret, down.received.at(-1)!)).toMatchObject({
      type: 'claim.status_changed',
    });
    await setEnabled(endpoint.id, false);
  });

  it('records a receiver that cannot be reached as a network failure', async () => {
    const gone = await receiver();
    await gone.close();
    const endpoint = await addEndpoint({ url: gone.url, events: ['payout.sent'] });
    await t.app.platform.partnerEvents.emit({
      partnerId: 'travel',
      type: 'payout.sent',
      data: {
        paymentId: crypto.randomUUID(),
        userId: customer.userId,
        status: 'sent',
        amount: 15000,
        currency: 'CAD',
        idempotencyKey: 'resolution-x-0',
      },
    });
    await until(
      async () => (await onlyDelivery(endpoint.id)).attempts.length === 1,
      'the first attempt',
    );
    expect((await onlyDelivery(endpoint.id)).attempts[0]).toMatchObject({
      httpStatus: null,
      errorClass: 'network',
      response: null,
    });
    await call(partnersContracts.removeWebhook, travel, {
      params: { partnerId: 'travel', endpointId: endpoint.id },
    });
  });

  it('pages the delivery log and filters it by status; a deleted endpoint keeps its deliveries', async () => {
    const endpoint = await addEndpoint({ url: hooks.url, events: ['bag.status_changed'] });
    const count = 51;
    // Raised with the endpoint off in the same commit: every delivery fails at once, unsent.
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++)
        await t.app.platform.partnerEvents.emit(
          {
            partnerId: 'travel',
            type: 'bag.status_changed',
            data: {
              bagId: crypto.randomUUID(),
              userId: customer.userId,
              tripId: crypto.randomUUID(),
              flightId: crypto.randomUUID(),
              status: 'BAG_LOCATED',
              previousStatus: 'BAG_REPORTED_LOST',
            },
          },
          tx,
        );
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false })
        .where(eq(webhookEndpoints.id, endpoint.id));
    });
    await t.app.platform.jobs.settled();
    const first = await deliveriesOf(endpoint.id);
    expect(first.deliveries).toHaveLength(50);
    expect(first.nextCursor).toBe(first.deliveries.at(-1)!.id);
    const second = await deliveriesOf(endpoint.id, { cursor: first.nextCursor! });
    expect(second.deliveries).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.deliveries, ...second.deliveries].map((d) => d.id));
    expect(ids.size).toBe(count);
    expect((await deliveriesOf(endpoint.id, { status: 'succeeded' })).deliveries).toEqual([]);
    expect((await deliveriesOf(endpoint.id, { status: 'failed' })).deliveries).toHaveLength(50);
    expectApiError(
      await call(partnersContracts.webhookDeliveries, travel, {
        params: { partnerId: 'travel', endpointId: endpoint.id },
        query: { status: 'lost' },
      }),
      400,
      'INVALID_PARAMS',
    );

    const removed = await call(partnersContracts.removeWebhook, travel, {
      params: { partnerId: 'travel', endpointId: endpoint.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: endpoint.id, enabled: false });
    const list = webhookEndpointListSchema.parse(
      (await call(partnersContracts.webhooks, travel, { params: { partnerId: 'travel' } })).json(),
    );
    expect(list.map((e) => e.id)).not.toContain(endpoint.id);
    expectApiError(
      await call(partnersContracts.webhookDeliveries, travel, {
        params: { partnerId: 'travel', endpointId: endpoint.id },
        query: {},
      }),
      404,
      'WEBHOOK_NOT_FOUND',
    );
    const kept = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(kept).toHaveLength(count);
  });

  it('rotates a secret: answered once, and the next attempt is signed with it', async () => {
    const hooks = await ownReceiver();
    const endpoint = await addEndpoint({ url: hooks.url, events: ['monitoring.alert_raised'] });
    const rotated = await call(partnersContracts.rotateWebhookSecret, travel, {
      params: { partnerId: 'travel', endpointId: endpoint.id },
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    secrets.push(secret);
    expect(secret).not.toBe(endpoint.secret);
    await t.app.platform.partnerEvents.emit({
      partnerId: 'travel',
      type: 'monitoring.alert_raised',
      data: {
        alertId: crypto.randomUUID(),
        itemId: crypto.randomUUID(),
        userId: customer.userId,
        dataType: 'EMAIL_ADDRESS',
        breachName: 'ExampleShop',
        severityLevel: 'high',
      },
    });
    await until(() => hooks.received.length > 0, 'the alert delivery');
    const request = hooks.received[0]!;
    expect(() => hooks.verify(secret, request)).not.toThrow();
    expect(() => hooks.verify(endpoint.secret, request)).toThrow();
    await setEnabled(endpoint.id, false);
  });

  it(`keeps at most ${MAX_WEBHOOK_ENDPOINTS} endpoints a partner (deleted ones do not count)`, async () => {
    const harbour = backEnd('business');
    const made = [];
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++)
      made.push(
        await addEndpoint(
          { url: hooks.url, events: ['claim.status_changed'] },
          harbour,
          'business',
        ),
      );
    const over = await call(partnersContracts.addWebhook, harbour, {
      params: { partnerId: 'business' },
      body: { url: hooks.url, events: ['claim.status_changed'] },
    });
    expectApiError(over, 409, 'WEBHOOK_LIMIT_REACHED');
    await call(partnersContracts.removeWebhook, harbour, {
      params: { partnerId: 'business', endpointId: made[0]!.id },
    });
    await addEndpoint({ url: hooks.url, events: ['claim.status_changed'] }, harbour, 'business');
  });

  it('writes no secret to the log, and no receiver address', async () => {
    await t.app.platform.jobs.settled();
    expect(logLines.length).toBeGreaterThan(0);
    expect(secrets.length).toBeGreaterThan(3);
    for (const secret of secrets) {
      const key = secret.slice('whsec_'.length);
      expect(logLines.filter((line) => line.includes(key))).toEqual([]);
    }
    // A failed attempt's error (what the queue logs) names the delivery, never where it went.
    const attempts = await t.database.db.select().from(webhookAttempts);
    expect(attempts.some((a) => a.errorClass === 'http_status')).toBe(true);
    expect(logLines.filter((line) => line.includes('127.0.0.1:'))).toEqual([]);
  });
});

describe('partner webhooks in production', () => {
  const t = useTestApp({ config: { NODE_ENV: 'production' } });

  it('refuses a plain http endpoint with WEBHOOK_URL_INSECURE on url, and takes https', async () => {
    const call = callAs(t);
    const travel = backEnd('travel');
    const insecure = await call(partnersContracts.addWebhook, travel, {
      params: { partnerId: 'travel' },
      body: { url: 'http://hooks.skyward.example/tern', events: ['trip.covered'] },
    });
    expectApiError(insecure, 400, 'WEBHOOK_URL_INSECURE', 'url');
    const secure = await call(partnersContracts.addWebhook, travel, {
      params: { partnerId: 'travel' },
      body: { url: 'https://hooks.skyward.example/tern', events: ['trip.covered'] },
    });
    expect(secure.statusCode, secure.body).toBe(201);
  });
});
