import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_EVENTS,
  accountsContracts,
  resolutionOptionsSchema,
  resolutionsContracts,
  travelContracts,
  tripSchema,
  type ResolutionOptions,
} from '@tern/domain';
import { useTestApp } from '../../../test/app.ts';
import { openStream } from '../../../test/event-stream.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { urlOf } from '../../../test/urls.ts';
import { disruptFlight } from '../../providers/flights/simulator/index.ts';
import { announceFlightChange } from '../travel/index.ts';
import { flights } from '../travel/tables.ts';

/** Flights disrupted side by side, each through its disruptions one after the other. */
const FLIGHTS = 4;
/** Forty-nine longer and longer delays from 2 h 5 min, then the cancellation. */
const STEPS: ({ kind: 'delay'; minutes: number } | { kind: 'cancel' })[] = [
  ...Array.from({ length: 49 }, (_, i) => ({ kind: 'delay' as const, minutes: 125 + 5 * i })),
  { kind: 'cancel' },
];
const DISRUPTIONS = FLIGHTS * STEPS.length;
/** The longest a page may wait for one disruption before it counts as lost. */
const PATIENCE_MS = 5_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Issue 25 item 5.4: every operator's disruption (what `npm run sim -- flight delay|cancel`
 * does: the simulated airline's order, then its announcement to Tern) reaches an open
 * resolution page. The page holds a card per disrupted flight, as `/resolution/select` does,
 * listens on the user's event stream and fetches its cards again on every
 * `resolutions.options` event, as the portal's query cache does. A disruption that brought
 * no new option (a longer delay, a cancellation after them) published nothing for the page
 * before: it showed only after a reload, or when another flight's event happened to come.
 */
describe('disruptions on an open resolution page', () => {
  // The page fetches its cards again on every event: more calls than a person makes.
  const t = useTestApp({ config: { RATE_LIMIT_MAX: '1000000' } });
  let user: SignedIn;
  let base: string;

  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await signIn(t, 'travel');
  });

  it(`shows each of ${DISRUPTIONS} disruptions, most within a second`, async () => {
    // Trips on AC856 (Toronto), one a day in March.
    const insured: { tripId: string; flightId: string }[] = [];
    for (let day = 1; day <= FLIGHTS; day++) {
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(travelContracts.blinkIt),
        headers: user.headers,
        payload: {
          flights: [{ flightNumber: 'AC856', embarkDate: `2026-03-0${day}`, origin: 'YYZ' }],
          passengers: 1,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const trip = tripSchema.parse(res.json());
      insured.push({ tripId: trip.tripId, flightId: trip.flights[0]!.flightId });
    }
    const rows = await t.database.db
      .select({ id: flights.id, key: flights.statusKeyUtc })
      .from(flights)
      .where(
        inArray(
          flights.id,
          insured.map((i) => i.flightId),
        ),
      );
    const keyOf = new Map(rows.map((row) => [row.id, row.key!]));

    // The page: its stream, and the latest answer of each card.
    const stream = await openStream(
      base + urlOf(accountsContracts.events, { id: user.userId }),
      user.headers,
    );
    await stream.next((event) => event.event === LIVE_EVENTS.ready);
    const cards = new Map<string, ResolutionOptions>();
    const watchers = new Set<() => void>();
    const fetchCard = async ({ tripId, flightId }: (typeof insured)[number]) => {
      const query = { category: 'flights', tripId, flightId };
      const res = await fetch(base + urlOf(resolutionsContracts.options, {}, query), {
        headers: user.headers,
      });
      if (res.status !== 200) throw new Error(`options: ${res.status} ${await res.text()}`);
      cards.set(flightId, resolutionOptionsSchema.parse(await res.json()));
    };
    // One refresh at a time; an event during one asks for another after it.
    let refreshing: Promise<void> | undefined;
    let again = false;
    const refresh = () => {
      if (refreshing) {
        again = true;
        return;
      }
      refreshing = (async () => {
        do {
          again = false;
          // A kept-alive socket the server has just closed fails one fetch (ECONNRESET): the
          // page asks again, as TanStack Query retries.
          await Promise.all(insured.map(fetchCard)).catch((error: unknown) => {
            if (!(error instanceof TypeError)) throw error;
            again = true;
          });
          for (const wake of watchers) wake();
        } while (again);
      })().finally(() => (refreshing = undefined));
    };
    let events = 0;
    const listening = (async () => {
      for (;;) {
        const event = await stream.next(() => true, { timeoutMs: 60_000 }).catch(() => undefined);
        if (!event) return;
        const keys =
          event.event === LIVE_EVENTS.change
            ? (JSON.parse(event.data) as { keys: string[] }).keys
            : [];
        if (event.event === LIVE_EVENTS.reset || keys.includes(resolutionsContracts.options.id)) {
          events++;
          refresh();
        }
      }
    })();

    /** Whether the card of `flightId` shows disruption `step`: the alert and its evidence. */
    const shows = (flightId: string, step: (typeof STEPS)[number]) => {
      const card = cards.get(flightId);
      const latest = card?.evidence[0];
      if (!card?.alert || !latest) return false;
      return step.kind === 'cancel'
        ? card.alert.alertType === 'CANCELLATION' && latest.state === 'cancelled'
        : card.alert.alertType === 'DELAY' &&
            card.alert.delayMinutes === step.minutes &&
            latest.delayMinutes === step.minutes;
    };
    const until = (check: () => boolean) =>
      new Promise<boolean>((resolve) => {
        const look = () => {
          if (check()) done(true);
        };
        const done = (ok: boolean) => {
          clearTimeout(timer);
          watchers.delete(look);
          resolve(ok);
        };
        const timer = setTimeout(() => done(false), PATIENCE_MS);
        watchers.add(look);
        look();
      });

    const latencies: number[] = [];
    const lost: string[] = [];
    await Promise.all(
      insured.map(async ({ flightId }) => {
        const statusKeyUtc = keyOf.get(flightId)!;
        for (const step of STEPS) {
          const started = performance.now();
          const done = await disruptFlight(t.database.db, t.clock, {
            flightNumber: 'AC856',
            departureUtc: statusKeyUtc.toISOString(),
            ...step,
          });
          if (!done.ok) throw new Error(done.reason);
          await announceFlightChange(t.database, { flightNumber: 'AC856', statusKeyUtc });
          if (await until(() => shows(flightId, step))) latencies.push(performance.now() - started);
          else {
            // The page no longer follows this flight: what comes after proves nothing more.
            lost.push(`${step.kind} ${'minutes' in step ? step.minutes : ''} of ${flightId}`);
            return;
          }
          // The simulated airline's orders follow each other in time.
          t.clock.advance(1_000);
        }
      }),
    );
    stream.close();
    await listening;
    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
    console.log(
      `resolutions live: ${latencies.length} of ${DISRUPTIONS} disruptions shown on the open ` +
        `page (${events} options events; ${FLIGHTS} flights at once): from the order to the ` +
        `page's card, p50 ${ms(50)}, p90 ${ms(90)}, p99 ${ms(99)}, max ${ms(100)}`,
    );
    expect(lost).toEqual([]);
    expect(latencies).toHaveLength(DISRUPTIONS);
    // Each within PATIENCE_MS; the median within the second ADR 0008 promises (the tail
    // depends on what else the machine runs: the figures above are the report).
    expect(percentile(sorted, 50)).toBeLessThan(1_000);
  }, 180_000);
});
