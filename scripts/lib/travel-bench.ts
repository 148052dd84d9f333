import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  API_ROOT,
  accountsContracts,
  luggageContracts,
  payoutsContracts,
  policiesContracts,
  travelContracts,
  urlFor,
  type ContractDef,
} from '@tern/domain';
import type { Database } from '../../apps/api/src/db/client.ts';
import { legOptions, toNewFlight } from '../../apps/api/src/modules/travel/index.ts';
import { announceFlightChange } from '../../apps/api/src/modules/travel/jobs.ts';
import { travelRepo } from '../../apps/api/src/modules/travel/repo.ts';
import { flights, trips } from '../../apps/api/src/modules/travel/tables.ts';
import { watchService } from '../../apps/api/src/modules/travel/watch.ts';
import { users } from '../../apps/api/src/modules/accounts/tables.ts';
import { disruptFlight } from '../../apps/api/src/providers/flights/simulator/index.ts';
import { scheduleOf } from '../../apps/api/src/providers/flights/simulator/schedule.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { DEMO_PASSWORD, demoEmail } from '../../apps/api/src/seed/demo-world.ts';
import { addFreePolicies, registration, travel } from './world.ts';

type Headers = Record<string, string>;
export const pathOf = (
  contract: ContractDef,
  params: Record<string, unknown> = {},
  query?: Record<string, string>,
) => urlFor(API_ROOT, contract, params, query);

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const day = (days: number) => DateTime.utc().plus({ days }).toISODate();

/**
 * The simulator's direct flights, one per number from AC1 up: their legs on a base date.
 * Routes and times are kept from day to day, so a flight `d` days later is the same leg `d`
 * days later (the window stays clear of daylight-saving changes: weeks, not months).
 */
export function directFlights(baseDay: number, count: number) {
  const found: ReturnType<typeof legOptions> = [];
  for (let n = 1; found.length < count && n < 10_000; n++) {
    const scheduled = scheduleOf(`AC${n}`, day(baseDay));
    if (scheduled.length === 1 && scheduled[0]!.legs.length === 1)
      found.push(...legOptions(scheduled, 'outbound'));
  }
  return found;
}

export async function login(app: FastifyInstance, key: Headers, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: pathOf(accountsContracts.login),
    headers: { ...key, 'content-type': 'application/json' },
    payload: { emailAddress: email, password: DEMO_PASSWORD, partnerId: 'travel' },
  });
  const { userId, token } = res.json<{ userId: string; token: string }>();
  return { userId, headers: { ...key, authorization: `Bearer ${token}` } };
}

/**
 * `count` customers of their own, each registered on a free policy and signed in (a
 * registration answers a session): for load that comes from many accounts, as it does.
 */
export async function benchUsers(
  app: FastifyInstance,
  database: Database,
  key: Headers,
  count: number,
) {
  const prefix = `BENCH${randomBytes(3).toString('hex').toUpperCase()}`;
  await addFreePolicies(database.db, prefix, count);
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const res = await app.inject({
        method: accountsContracts.register.method,
        url: pathOf(accountsContracts.register, { partnerId: travel.id }),
        headers: { ...key, 'content-type': 'application/json' },
        payload: registration(prefix, n),
      });
      if (res.statusCode !== 201) throw new Error(`bench user not registered: ${res.body}`);
      const { userId, token } = res.json<{ userId: string; token: string }>();
      return { userId, headers: { authorization: `Bearer ${token}` } };
    }),
  );
}

/** Inserts trips of `perTrip` flights for a user: `legs` in order, each its own (number, date). */
export async function seedTrips(
  database: Database,
  userId: string,
  legs: ReturnType<typeof legOptions>,
  perTrip: number,
) {
  const now = new Date();
  for (let start = 0; start < legs.length; start += 1000) {
    const chunk = legs.slice(start, start + 1000);
    const tripRows = await database.db
      .insert(trips)
      .values(
        Array.from({ length: Math.ceil(chunk.length / perTrip) }, () => ({
          userId,
          partnerId: 'travel',
          type: perTrip === 1 ? 'single' : 'multi',
        })),
      )
      .returning({ id: trips.id });
    await database.db.insert(flights).values(
      chunk.map((leg, i) => ({
        ...toNewFlight(leg, now),
        tripId: tripRows[Math.floor(i / perTrip)]!.id,
      })),
    );
  }
}

/**
 * A user with 20 trips of 4 flights each (the employee demo user), for `GET /travel/trips`:
 * their session.
 */
export async function tripsBenchUser(app: FastifyInstance, database: Database, key: Headers) {
  const employee = await login(app, key, demoEmail('travel', 'employee'));
  await seedTrips(database, employee.userId, directFlights(5, 80), 4);
  return employee;
}

/**
 * The travel figures of `npm run bench` (issue 13): the dashboard's data load after login,
 * the detection latency from an operator's delay to the event on an open stream, and one
 * full watch cycle at 10,000 and 50,000 insured flights.
 */
export async function travelBench(options: {
  app: FastifyInstance;
  database: Database;
  appUrl: string;
  key: Headers;
  say: (line: string) => void;
}) {
  const { app, database, appUrl, key, say } = options;

  // 1. The dashboard's data after login, as the portal loads it in the default configuration:
  // the session, then stage 1 (details, access, policies), 2 (payouts), 3 (travel, luggage).
  const loads: number[] = [];
  let requests = 0;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const { userId, headers } = await login(app, key, demoEmail('travel'));
    const get = (url: string) => app.inject({ url, headers }).then((r) => r.statusCode);
    const stages = [
      [
        pathOf(accountsContracts.details, { id: userId }),
        pathOf(accountsContracts.access, { id: userId }),
        pathOf(policiesContracts.list, { id: userId }),
      ],
      [
        pathOf(payoutsContracts.methods, {}, { userId }),
        pathOf(payoutsContracts.config, {}, { userId }),
      ],
      [
        pathOf(travelContracts.passengers, {}, { userId }),
        pathOf(luggageContracts.bags, {}, { userId }),
        pathOf(travelContracts.trips, {}, { userId }),
      ],
    ];
    for (const stage of stages) {
      const codes = await Promise.all(stage.map(get));
      if (codes.some((code) => code !== 200)) throw new Error(`dashboard load: ${codes.join(',')}`);
    }
    loads.push(performance.now() - started);
    requests = 1 + stages.flat().length;
  }
  say(
    `\ndashboard data after login (travel demo user, in-process): ${requests} requests, median ${median(loads).toFixed(0)} ms, worst ${Math.max(...loads).toFixed(0)} ms (the login's password hash included)`,
  );

  // 2. Detection latency: an operator's delay (what `npm run sim -- flight delay` does, without
  // its process start) to the change event on the user's open stream.
  const owner = await login(app, key, demoEmail('travel'));
  const [next] = await database.db
    .select()
    .from(flights)
    .innerJoin(trips, eq(trips.id, flights.tripId))
    .where(eq(trips.userId, owner.userId))
    .orderBy(flights.departureUtc)
    .then((rows) => rows.filter((r) => r.flights.departureUtc > new Date()));
  const controller = new AbortController();
  const stream = await fetch(appUrl + pathOf(accountsContracts.events, { id: owner.userId }), {
    headers: owner.headers,
    signal: controller.signal,
  });
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const nextTripsEvent = async () => {
    for (;;) {
      const at = buffer.indexOf('TRIPS');
      if (at >= 0) {
        buffer = buffer.slice(at + 5);
        return;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  const latencies: number[] = [];
  const flight = next!.flights;
  for (let i = 1; i <= 20; i++) {
    buffer = '';
    const started = performance.now();
    const done = await disruptFlight(database.db, systemClock, {
      flightNumber: flight.flightNumber,
      departureUtc: flight.statusKeyUtc!.toISOString(),
      kind: 'delay',
      minutes: 10 * i,
    });
    if (!done.ok) throw new Error(done.reason);
    await announceFlightChange(database, {
      flightNumber: flight.flightNumber,
      statusKeyUtc: flight.statusKeyUtc!,
    });
    await nextTripsEvent();
    latencies.push(performance.now() - started);
  }
  controller.abort();
  say(
    `detection latency, operator's delay → event on the open stream (20 delays of ${flight.flightNumber}): median ${median(latencies).toFixed(0)} ms, worst ${Math.max(...latencies).toFixed(0)} ms`,
  );

  // The jobs of the app's own worker stop here: the cycle below is the only watcher.
  await app.platform.jobs.stop();

  // 4. Scale: one full watch cycle on one worker, every flight due, at 10,000 and 50,000.
  const watch = watchService({
    repo: travelRepo(database.db),
    flights: app.platform.flights,
    clock: systemClock,
    live: app.platform.live,
    events: app.platform.partnerEvents,
    tell: async () => {},
  });
  const routes = directFlights(3, 2_000);
  const [scaleUser] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailAddress, demoEmail('travel', 'admin')));
  let queries = 0;
  const query = database.pool.query.bind(database.pool);
  (database.pool as { query: unknown }).query = (...args: Parameters<typeof query>) => {
    queries += 1;
    return query(...args);
  };
  const cycles: {
    flights: number;
    seconds: number;
    perFlight: number;
    secondCycleMs: number;
    dueNextHour: number;
  }[] = [];
  let seeded = 0;
  for (const total of [10_000, 50_000]) {
    const legs: ReturnType<typeof legOptions> = [];
    for (let i = seeded; i < total; i++) {
      const leg = routes[i % routes.length]!;
      const days = Math.floor(i / routes.length);
      legs.push({
        ...leg,
        option: {
          ...leg.option,
          embarkDate: DateTime.fromISO(leg.option.embarkDate).plus({ days }).toISODate()!,
        },
        departureUtc: new Date(leg.departureUtc.getTime() + days * 86_400_000),
        statusKeyUtc: new Date(leg.statusKeyUtc.getTime() + days * 86_400_000),
      });
    }
    await seedTrips(database, scaleUser!.id, legs, 1);
    seeded = total;
    // Every flight due now (as right after purchase): the heaviest cycle there is.
    await database.db.update(flights).set({ nextCheckAt: new Date() });
    queries = 0;
    const started = performance.now();
    const seen = await watch.cycle();
    const seconds = (performance.now() - started) / 1000;
    const perFlight = queries / seen.flights;
    queries = 0;
    const second = performance.now();
    await watch.cycle();
    const secondCycleMs = performance.now() - second;
    const { rows } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from flights where next_check_at <= now() + interval '1 hour'`,
    );
    cycles.push({
      flights: seen.flights,
      seconds,
      perFlight,
      secondCycleMs,
      dueNextHour: rows[0]!.n,
    });
    say(
      `watch cycle at ${seen.flights} insured flights (${seen.keys} provider flights), all due: ${seconds.toFixed(1)} s on one worker, ${perFlight.toFixed(1)} queries per flight; the next cycle ${secondCycleMs.toFixed(0)} ms (${queries} queries: nothing due), ${rows[0]!.n} due within the hour`,
    );
  }
  (database.pool as { query: unknown }).query = query;
  const [small, large] = cycles;
  say(
    `  growth 10,000 → 50,000: cycle time ×${(large!.seconds / small!.seconds).toFixed(1)}, queries per flight ${small!.perFlight.toFixed(1)} → ${large!.perFlight.toFixed(1)}`,
  );
  return {
    figures: {
      dashboard: {
        requests,
        medianMs: Math.round(median(loads)),
        worstMs: Math.round(Math.max(...loads)),
      },
      detection: {
        medianMs: Math.round(median(latencies)),
        worstMs: Math.round(Math.max(...latencies)),
      },
      watch: cycles.map((c) => ({
        flights: c.flights,
        seconds: Number(c.seconds.toFixed(2)),
        queriesPerFlight: Number(c.perFlight.toFixed(2)),
        nextCycleMs: Math.round(c.secondCycleMs),
        dueWithinHour: c.dueNextHour,
      })),
    },
  };
}
