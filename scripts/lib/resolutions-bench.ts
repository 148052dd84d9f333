import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountsContracts, resolutionsContracts, travelContracts, tripSchema } from '@tern/domain';
import type { Database } from '../../apps/api/src/db/client.ts';
import { announceFlightChange } from '../../apps/api/src/modules/travel/jobs.ts';
import { flights } from '../../apps/api/src/modules/travel/tables.ts';
import { resolutions } from '../../apps/api/src/modules/resolutions/tables.ts';
import { disruptFlight } from '../../apps/api/src/providers/flights/simulator/index.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { demoEmail } from '../../apps/api/src/seed/demo-world.ts';
import { login, median, pathOf } from './travel-bench.ts';

type Headers = Record<string, string>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many delays are timed. */
const DELAYS = 10;

/**
 * The resolution figures of `npm run bench` (issue 14): from an operator's 180-minute delay
 * (what `npm run sim -- flight delay` does, without its process start) to the options made
 * on the server, and to the `resolutions.options` event on the user's open stream — the
 * moment an open page asks for them again — median and worst of 10. Answers the figures and
 * a flight with options, for the options route's throughput.
 */
export async function resolutionsBench(options: {
  app: FastifyInstance;
  database: Database;
  appUrl: string;
  key: Headers;
  say: (line: string) => void;
}) {
  const { app, database, appUrl, key, say } = options;
  const { userId, headers } = await login(app, key, demoEmail('travel'));

  // Ten trips on AC856 (Toronto), weeks ahead, one a day.
  const insured = [];
  for (let i = 0; i < DELAYS; i++) {
    const embarkDate = DateTime.utc()
      .plus({ days: 40 + i })
      .toISODate()!;
    const res = await app.inject({
      method: 'POST',
      url: pathOf(travelContracts.blinkIt),
      headers,
      payload: { flights: [{ flightNumber: 'AC856', embarkDate, origin: 'YYZ' }], passengers: 1 },
    });
    if (res.statusCode !== 201) throw new Error(`blink it: ${res.statusCode} ${res.body}`);
    const trip = tripSchema.parse(res.json());
    const [row] = await database.db
      .select()
      .from(flights)
      .where(eq(flights.id, trip.flights[0]!.flightId));
    insured.push({ tripId: trip.tripId, flight: row! });
  }

  const controller = new AbortController();
  const stream = await fetch(appUrl + pathOf(accountsContracts.events, { id: userId }), {
    headers,
    signal: controller.signal,
  });
  // Every options event's arrival, read as it comes (one delay publishes more than once).
  const arrivals: number[] = [];
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const text = decoder.decode(value, { stream: true });
      if (text.includes(resolutionsContracts.options.id)) arrivals.push(performance.now());
    }
  })();

  const created: number[] = [];
  const published: number[] = [];
  for (const { flight } of insured) {
    // The last delay's late events arrive before this one starts.
    await sleep(300);
    const started = performance.now();
    const done = await disruptFlight(database.db, systemClock, {
      flightNumber: flight.flightNumber,
      departureUtc: flight.statusKeyUtc!.toISOString(),
      kind: 'delay',
      minutes: 180,
    });
    if (!done.ok) throw new Error(done.reason);
    await announceFlightChange(database, {
      flightNumber: flight.flightNumber,
      statusKeyUtc: flight.statusKeyUtc!,
    });
    for (;;) {
      const made = await database.db
        .select({ id: resolutions.id })
        .from(resolutions)
        .where(eq(resolutions.flightId, flight.id));
      if (made.length > 0) break;
      await sleep(5);
    }
    created.push(performance.now() - started);
    while (!arrivals.some((at) => at > started)) await sleep(5);
    published.push(arrivals.find((at) => at > started)! - started);
  }
  controller.abort();
  const figure = (values: number[]) => ({
    medianMs: Math.round(median(values)),
    worstMs: Math.round(Math.max(...values)),
  });
  const figures = { optionsCreated: figure(created), optionsEvent: figure(published) };
  say(
    `\nresolutions: operator's 180-minute delay → options made (server): median ${figures.optionsCreated.medianMs} ms, worst ${figures.optionsCreated.worstMs} ms; → the options event on the open stream: median ${figures.optionsEvent.medianMs} ms, worst ${figures.optionsEvent.worstMs} ms (${DELAYS} delays)`,
  );
  const subject = insured[0]!;
  return {
    figures,
    optionsUrl:
      appUrl +
      pathOf(
        resolutionsContracts.options,
        {},
        { category: 'flights', tripId: subject.tripId, flightId: subject.flight.id },
      ),
    headers,
  };
}
