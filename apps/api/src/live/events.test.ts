import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsContracts, LIVE_EVENTS, SESSION_TIMEOUT_MS } from '@tern/domain';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { fakeClock } from '../lib/clock.ts';
import { keysFor } from '../lib/encryption-for.ts';
import { seedDemo } from '../seed/seed-demo.ts';
import { freshDatabase } from '../../test/database.ts';
import { openStream, type StreamEvent } from '../../test/event-stream.ts';
import { signIn, type SignedIn } from '../../test/sign-in.ts';
import { urlOf } from '../../test/urls.ts';

/**
 * Live events across instances: two API instances on one database, each listening on a
 * port, as in production behind a load balancer. A change made through one reaches a
 * stream open on the other.
 */
describe('live events across two instances', () => {
  let database: Database;
  let release: () => Promise<void>;
  const clock = fakeClock();
  const instances: { app: FastifyInstance; base: string }[] = [];
  let user: SignedIn;
  let other: SignedIn;

  const eventsUrl = (index: number, userId = user.userId) =>
    instances[index]!.base + urlOf(accountsContracts.events, { id: userId });
  const isChange = (event: StreamEvent) => event.event === LIVE_EVENTS.change;
  const changeName = (index: number, signedIn: SignedIn, firstName: string) =>
    instances[index]!.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.details, { id: signedIn.userId }),
      headers: signedIn.headers,
      payload: { firstName },
    });

  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    const config = testConfig();
    await seedDemo(database.db, keysFor(config), clock.now());
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config, database, clock });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      instances.push({ app, base: `http://127.0.0.1:${port}` });
    }
    const first = { app: instances[0]!.app, database, clock };
    user = await signIn(first, 'travel');
    other = await signIn(first, 'travel', 'agent');
  });

  afterAll(async () => {
    for (const { app } of instances) await app.close();
    await release();
  });

  it('delivers a change made on one instance to a stream on the other within a second', async () => {
    const stream = await openStream(eventsUrl(1), user.headers);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    await stream.next((event) => event.event === LIVE_EVENTS.ready);

    const started = performance.now();
    expect((await changeName(0, user, 'Ada')).statusCode).toBe(200);
    const event = await stream.next(isChange, { timeoutMs: 1_000 });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(JSON.parse(event.data)).toEqual({ keys: ['USER_DETAILS'] });
    expect(event.id).toMatch(/^\d+$/);
    stream.close();
  });

  it("never sends one user's events to another user's stream", async () => {
    const theirs = await openStream(eventsUrl(0, other.userId), other.headers);
    await theirs.next((event) => event.event === LIVE_EVENTS.ready);
    const mine = await openStream(eventsUrl(0), user.headers);
    await mine.next((event) => event.event === LIVE_EVENTS.ready);

    await changeName(1, user, 'Grace');
    await mine.next(isChange);
    // The other user's own change is the next thing their stream sees.
    await changeName(1, other, 'Alan');
    const next = await theirs.next((event) => event.event !== ':');
    expect(next.event).toBe(LIVE_EVENTS.change);
    expect(theirs.events.filter(isChange)).toHaveLength(1);
    mine.close();
    theirs.close();
  });

  it('sends what a reconnecting client missed since its Last-Event-ID, and only that', async () => {
    const first = await openStream(eventsUrl(0), user.headers);
    const ready = await first.next((event) => event.event === LIVE_EVENTS.ready);
    first.close();

    await changeName(1, user, 'Edsger');
    await changeName(1, user, 'Barbara');
    const resumed = await openStream(eventsUrl(0), { ...user.headers, 'last-event-id': ready.id! });
    await resumed.next((event) => event.event === LIVE_EVENTS.ready);
    const changes = resumed.events.filter(isChange);
    expect(changes).toHaveLength(2);
    expect(BigInt(changes[0]!.id!)).toBeGreaterThan(BigInt(ready.id!));
    expect(BigInt(changes[1]!.id!)).toBeGreaterThan(BigInt(changes[0]!.id!));
    // Ready carries the newest id, so the next resume starts after these.
    const readyAgain = resumed.events.find((event) => event.event === LIVE_EVENTS.ready)!;
    expect(BigInt(readyAgain.id!)).toBeGreaterThanOrEqual(BigInt(changes[1]!.id!));
    resumed.close();
  });

  it('asks for a full refresh when the missed events are no longer kept, or the id is not one it sent', async () => {
    await changeName(0, user, 'Ken');
    // The log's older events are gone: a client resuming from before them missed some.
    await database.db.execute(
      'delete from live_events where id < (select max(id) from live_events)',
    );
    for (const lastEventId of ['1', 'not-an-id', '999999999999']) {
      const stream = await openStream(eventsUrl(1), {
        ...user.headers,
        'last-event-id': lastEventId,
      });
      const first = await stream.next((event) => event.event !== ':');
      expect(first.event, lastEventId).toBe(LIVE_EVENTS.reset);
      stream.close();
    }
  });

  it('ends the stream, and the session on every instance, when the user logs out on another', async () => {
    const session = await signIn({ app: instances[0]!.app, database, clock }, 'travel');
    const details = urlOf(accountsContracts.details, { id: session.userId });
    // Instance 1 has checked (and cached) the session.
    const before = await instances[1]!.app.inject({ url: details, headers: session.headers });
    expect(before.statusCode).toBe(200);
    const stream = await openStream(eventsUrl(1, session.userId), session.headers);
    await stream.next((event) => event.event === LIVE_EVENTS.ready);

    const out = await instances[0]!.app.inject({
      url: urlOf(accountsContracts.logout),
      headers: session.headers,
    });
    expect(out.statusCode).toBe(200);
    const started = performance.now();
    await stream.ended;
    expect(performance.now() - started).toBeLessThan(1_000);
    const after = await instances[1]!.app.inject({ url: details, headers: session.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORISED');
  });

  it('answers 401 without a session and 404 for another user, as every signed-in read', async () => {
    const anonymous = await instances[0]!.app.inject({
      url: urlOf(accountsContracts.events, { id: user.userId }),
      headers: { 'api-key': user.headers['api-key']! },
    });
    expect(anonymous.statusCode).toBe(401);
    const notMine = await instances[0]!.app.inject({
      url: urlOf(accountsContracts.events, { id: other.userId }),
      headers: user.headers,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().code).toBe('USER_NOT_FOUND');
  });

  it('keeps nothing of a client that went away', async () => {
    const stream = await openStream(eventsUrl(0), user.headers);
    await stream.next((event) => event.event === LIVE_EVENTS.ready);
    stream.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(instances[0]!.app.platform.live.openStreams()).toBe(0);
  });
  // Last: it moves the clock past every session opened so far.
  it('ends the stream when the session times out', async () => {
    const session = await signIn({ app: instances[0]!.app, database, clock }, 'travel');
    clock.advance(SESSION_TIMEOUT_MS - 200);
    const stream = await openStream(eventsUrl(0, session.userId), session.headers);
    await stream.next((event) => event.event === LIVE_EVENTS.ready);
    await stream.ended;
    clock.advance(200);
  });
});
