import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  API_ROOT,
  accountsContracts,
  resolutionsContracts,
  travelContracts,
  tripSchema,
  urlFor,
  type ContractDef,
} from '@tern/domain';
import type { Database } from '../../apps/api/src/db/client.ts';
import { announceFlightChange } from '../../apps/api/src/modules/travel/jobs.ts';
import { flights } from '../../apps/api/src/modules/travel/tables.ts';
import { resolutions } from '../../apps/api/src/modules/resolutions/tables.ts';
import { disruptFlight } from '../../apps/api/src/providers/flights/simulator/index.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { DEMO_PASSWORD, demoEmail } from '../../apps/api/src/seed/demo-world.ts';

type Headers = Record<string, string>;
const pathOf = (
  contract: ContractDef,
  params: Record<string, unknown> = {},
  query?: Record<string, string>,
) => urlFor(API_ROOT, contract, params, query);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
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
  const login = await app.inject({
    method: 'POST',
    url: pathOf(accountsContracts.login),
    headers: { ...key, 'content-type': 'application/json' },
    payload: { emailAddress: demoEmail('travel'), password: DEMO_PASSWORD, partnerId: 'travel' },
  });
  const { userId, token } = login.json() as { userId: string; token: string };
  const headers = { ...key, authorization: `Bearer ${token}` };

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
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const nextEvent = async () => {
    for (;;) {
      const at = buffer.indexOf(resolutionsContracts.options.id);
      if (at >= 0) {
        buffer = buffer.slice(at + 1);
        return;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };

  const created: number[] = [];
  const published: number[] = [];
  for (const { flight } of insured) {
    buffer = '';
    const started = performance.now();
    const event = nextEvent().then(() => published.push(performance.now() - started));
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
    await event;
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
