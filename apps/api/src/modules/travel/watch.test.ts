import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { travelContracts, tripListSchema, tripSchema, type Trip } from '@tern/domain';
import { useTestApp } from '../../../test/app.ts';
import { messagesTo } from '../../../test/accounts.ts';
import { urlOf } from '../../../test/urls.ts';
import { signIn } from '../../../test/sign-in.ts';
import { liveEvents } from '../../live/tables.ts';
import { demoEmail } from '../../seed/demo-world.ts';
import { disruptFlight } from '../../providers/flights/simulator/index.ts';
import { announceFlightChange, travelJobs } from './jobs.ts';
import { travelRepo } from './repo.ts';
import { flightAlerts, flights, flightStatusChanges } from './tables.ts';
import { alertTypeOf, nextCheckAt, watchService } from './watch.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('the watch cadence', () => {
  const now = at('2026-01-15T12:00:00Z');
  it('looks twice a day until three days out, never later than three days out', () => {
    expect(nextCheckAt(now, at('2026-02-01T13:05:00Z'), 'scheduled')).toEqual(
      at('2026-01-16T00:00:00Z'),
    );
    expect(nextCheckAt(now, at('2026-01-18T18:00:00Z'), 'scheduled')).toEqual(
      at('2026-01-15T18:00:00Z'),
    );
  });

  it('looks more often as departure nears, and every 15 minutes in the air', () => {
    const inHours = (h: number) => new Date(now.getTime() + h * HOUR);
    const gap = (h: number, state: 'scheduled' | 'departed' = 'scheduled') =>
      (nextCheckAt(now, inHours(h), state)!.getTime() - now.getTime()) / 60_000;
    expect([gap(48), gap(12), gap(3), gap(0.5), gap(-1, 'departed')]).toEqual([180, 60, 15, 5, 15]);
  });

  it('stops once the flight has landed, diverted or been cancelled, or never left', () => {
    for (const state of ['arrived', 'diverted', 'cancelled'] as const)
      expect(nextCheckAt(now, now, state)).toBeNull();
    expect(nextCheckAt(now, new Date(now.getTime() - 49 * HOUR), 'scheduled')).toBeNull();
  });
});

describe('the alert a status makes (spec 2 §3, §9)', () => {
  it('is a cancellation, a delay beyond a minute, on time once left, else none', () => {
    expect(alertTypeOf('cancelled', 0)).toBe('CANCELLATION');
    expect(alertTypeOf('scheduled', 2)).toBe('DELAY');
    expect(alertTypeOf('scheduled', 1)).toBeNull();
    expect(alertTypeOf('departed', 1)).toBe('ONTIME');
    expect(alertTypeOf('arrived', 0)).toBe('ONTIME');
    expect(alertTypeOf('departed', 45)).toBe('DELAY');
  });
});

/**
 * The watcher against the flight simulator: the operator's disruptions reach the insured
 * trip as alerts, history, an email and a live event. The clock stands at 2026-01-15 12:00
 * UTC; AC856 leaves Toronto on 2026-02-01 at 08:05 local (13:05 UTC).
 */
describe('live detection', () => {
  const t = useTestApp();
  let travel: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
  });

  const blink = async (embarkDate: string): Promise<Trip> => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(travelContracts.blinkIt),
      headers: travel.headers,
      payload: {
        flights: [{ flightNumber: 'AC856', embarkDate, origin: 'YYZ' }],
        passengers: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return tripSchema.parse(res.json());
  };
  const tripNow = async (tripId: string) => {
    const res = await t.app.inject({
      url: urlOf(travelContracts.trips, {}, { userId: travel.userId }),
      headers: travel.headers,
    });
    return tripListSchema.parse(res.json()).find((trip) => trip.tripId === tripId)!;
  };
  const historyOf = (flightId: string) =>
    t.database.db
      .select()
      .from(flightStatusChanges)
      .where(eq(flightStatusChanges.flightId, flightId))
      .orderBy(flightStatusChanges.recordedAt);
  const cycle = async () => {
    await t.app.platform.jobs.add(travelJobs.watch, {});
    await t.app.platform.jobs.settled();
  };
  const disrupt = async (
    embarkUtc: string,
    disruption: { kind: 'delay'; minutes: number } | { kind: 'cancel' },
  ) => {
    const done = await disruptFlight(t.database.db, t.clock, {
      flightNumber: 'AC856',
      departureUtc: embarkUtc,
      ...disruption,
    });
    expect(done.ok).toBe(true);
    await announceFlightChange(t.database, {
      flightNumber: 'AC856',
      statusKeyUtc: new Date(embarkUtc),
    });
    await t.app.platform.jobs.settled();
  };

  it('looks at a new trip soon, then not again until its next look is due', async () => {
    const trip = await blink('2026-02-01');
    const flightId = trip.flights[0]!.flightId;
    await cycle();
    const [row] = await t.database.db.select().from(flights).where(eq(flights.id, flightId));
    expect(row).toMatchObject({ providerState: 'scheduled', delayMinutes: 0, isMonitored: true });
    expect(row!.nextCheckAt).toEqual(at('2026-01-16T00:00:00Z'));
    expect(await historyOf(flightId)).toEqual([
      expect.objectContaining({
        state: 'scheduled',
        delayMinutes: 0,
        departureLocal: '2026-02-01 08:05',
        source: 'provider',
      }),
    ]);
    // Nothing is due: a second cycle reads no flight.
    await cycle();
    expect(await historyOf(flightId)).toHaveLength(1);
  });

  it("turns the operator's delay into an alert, history, an email and a live event", async () => {
    const [trip] = (await t.database.db.select().from(flights)).filter(
      (f) => f.embarkDate === '2026-02-01',
    );
    const eventsBefore = await t.database.db.select().from(liveEvents);
    await disrupt('2026-02-01T13:05:00Z', { kind: 'delay', minutes: 180 });

    const listed = await tripNow(trip!.tripId);
    expect(listed.alerts).toEqual([
      expect.objectContaining({
        alertType: 'DELAY',
        delayDate: '2026-02-01 11:05',
        source: 'provider',
      }),
    ]);
    expect(listed.flights[0]).toMatchObject({ alerted: 1, notified: 1, departed: 0 });
    const history = await historyOf(trip!.id);
    expect(history.at(-1)).toMatchObject({
      state: 'scheduled',
      delayMinutes: 180,
      departureLocal: '2026-02-01 11:05',
      source: 'provider',
    });
    expect(history.at(-1)!.changedAt).not.toBeNull();
    const [email] = await messagesTo(t, demoEmail('travel'));
    expect(email).toMatchObject({ template: 'flight-alert' });
    expect(email!.subject).toBe('AC856 is delayed');
    const events = await t.database.db.select().from(liveEvents);
    expect(events.length).toBeGreaterThan(eventsBefore.length);
    expect(events.at(-1)).toMatchObject({ userId: travel.userId, keys: ['TRIPS'] });
  });

  it('records a change once however many watchers see it at the same time', async () => {
    await disruptFlight(t.database.db, t.clock, {
      flightNumber: 'AC856',
      departureUtc: '2026-02-01T13:05:00Z',
      kind: 'delay',
      minutes: 240,
    });
    const told: string[] = [];
    const watcher = () =>
      watchService({
        repo: travelRepo(t.database.db),
        flights: t.app.platform.flights,
        clock: t.clock,
        live: t.app.platform.live,
        events: t.app.platform.partnerEvents,
        tell: async (_owner, _flight, alert) => {
          told.push(alert.delayDate ?? '');
        },
      });
    const key = { flightNumber: 'AC856', statusKeyUtc: at('2026-02-01T13:05:00Z') };
    await Promise.all(Array.from({ length: 6 }, () => watcher().checkKey(key)));
    const [row] = (await t.database.db.select().from(flights)).filter(
      (f) => f.embarkDate === '2026-02-01',
    );
    const alerts = await t.database.db
      .select()
      .from(flightAlerts)
      .where(
        and(eq(flightAlerts.flightId, row!.id), eq(flightAlerts.delayDate, '2026-02-01 12:05')),
      );
    expect(alerts).toHaveLength(1);
    expect(told).toEqual(['2026-02-01 12:05']);
    expect((await historyOf(row!.id)).filter((h) => h.delayMinutes === 240)).toHaveLength(1);
  });

  it('records a cancellation and stops watching', async () => {
    const trip = await blink('2026-02-02');
    await disrupt('2026-02-02T13:05:00Z', { kind: 'cancel' });
    const listed = await tripNow(trip.tripId);
    expect(listed.flights[0]).toMatchObject({ cancelled: 1, alerted: 1 });
    expect(listed.alerts.map((a) => a.alertType)).toEqual(['CANCELLATION']);
    const [row] = await t.database.db
      .select()
      .from(flights)
      .where(eq(flights.id, listed.flights[0]!.flightId));
    expect(row!.nextCheckAt).toBeNull();
    const [email] = await messagesTo(t, demoEmail('travel'));
    expect(email!.subject).toBe('AC856 has been cancelled');
  });

  it('marks a flight departed on time once the clock passes its departure', async () => {
    const trip = await blink('2026-02-03');
    t.clock.advance(Date.parse('2026-02-03T13:10:00Z') - t.clock.now().getTime());
    travel = await signIn(t, 'travel');
    await cycle();
    const listed = await tripNow(trip.tripId);
    expect(listed.flights[0]).toMatchObject({ departed: 1, alerted: 0 });
    expect(listed.alerts.map((a) => a.alertType)).toEqual(['ONTIME']);
  });
});
