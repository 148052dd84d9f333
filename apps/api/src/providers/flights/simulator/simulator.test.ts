import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { fakeClock } from '../../../lib/clock.ts';
import { freshDatabase } from '../../../../test/database.ts';
import type { ScheduledFlight } from '../port.ts';
import { flightsPortSuite } from '../port-suite.ts';
import { disruptFlight, simulatedFlights } from './index.ts';
import { scheduleOf } from './schedule.ts';

const MINUTE = 60_000;

/** A direct flight of the timetable on a date, with its number. */
function directFlight(date: string): ScheduledFlight {
  for (let n = 100; n < 999; n += 1) {
    const [flight] = scheduleOf(`AC${n}`, date);
    if (flight?.legs.length === 1) return flight;
  }
  throw new Error('no direct flight');
}

flightsPortSuite('simulator', async () => {
  const { database, release } = await freshDatabase();
  return {
    port: simulatedFlights({ db: database.db, clock: fakeClock(), disruptionRate: 0.02 }),
    close: release,
    flown: [
      { flightNumber: directFlight('2026-12-10').flightNumber, date: '2026-12-10' },
      { flightNumber: 'AC123', date: '2026-12-10' },
      { flightNumber: 'BA117', date: '2027-06-30' },
    ],
    // One of the numbers the timetable leaves unflown.
    unflown: { flightNumber: 'AC801', date: '2026-12-10' },
  };
});

describe('the simulated flight-status provider', () => {
  let database: Database;
  let release: () => Promise<void>;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
  });
  afterAll(() => release());

  const setUp = (flight: ScheduledFlight, minutesBefore: number, rate = 0) => {
    const departure = new Date(flight.legs[0]!.departure.utc);
    const clock = fakeClock(new Date(departure.getTime() - minutesBefore * MINUTE));
    return {
      clock,
      port: simulatedFlights({ db: database.db, clock, disruptionRate: rate }),
      status: () =>
        simulatedFlights({ db: database.db, clock, disruptionRate: rate }).status(
          flight.flightNumber,
          flight.legs[0]!.departure.utc,
        ),
    };
  };

  it('moves a flight on with the clock: scheduled, departed, arrived, with the times of each', async () => {
    const flight = directFlight('2026-12-01');
    const { clock, status } = setUp(flight, 60);
    expect(await status()).toMatchObject({
      state: 'scheduled',
      delayMinutes: 0,
      departure: flight.legs[0]!.departure,
      changedAt: null,
    });
    clock.advance(61 * MINUTE);
    expect(await status()).toMatchObject({
      state: 'departed',
      changedAt: new Date(flight.legs[0]!.departure.utc).toISOString(),
    });
    clock.advance(24 * 60 * MINUTE);
    expect((await status())?.state).toBe('arrived');
  });

  it("takes the operator's delay from when it is given: a new departure, still scheduled", async () => {
    const flight = directFlight('2026-12-02');
    const { clock, status } = setUp(flight, 120);
    const ordered = await disruptFlight(database.db, clock, {
      flightNumber: flight.flightNumber,
      departureUtc: flight.legs[0]!.departure.utc,
      kind: 'delay',
      minutes: 180,
    });
    expect(ordered.ok).toBe(true);
    const delayed = await status();
    expect(delayed).toMatchObject({
      state: 'scheduled',
      delayMinutes: 180,
      changedAt: clock.now().toISOString(),
    });
    expect(new Date(delayed!.departure.utc).getTime()).toBe(
      new Date(flight.legs[0]!.departure.utc).getTime() + 180 * MINUTE,
    );
    // Past the old departure time it has not left.
    clock.advance(150 * MINUTE);
    expect((await status())?.state).toBe('scheduled');
    clock.advance(160 * MINUTE);
    expect((await status())?.state).toBe('departed');
  });

  it('cancels and diverts on order, and refuses an order it cannot carry out', async () => {
    const flight = directFlight('2026-12-03');
    const { clock, status } = setUp(flight, 30);
    const at = { flightNumber: flight.flightNumber, departureUtc: flight.legs[0]!.departure.utc };
    expect(await disruptFlight(database.db, clock, { ...at, kind: 'cancel' })).toMatchObject({
      ok: true,
    });
    expect(await status()).toMatchObject({ state: 'cancelled' });
    clock.advance(2 * 24 * 60 * MINUTE);
    expect((await status())?.state).toBe('cancelled');

    const other = directFlight('2026-12-04');
    const second = setUp(other, 10);
    const where = { flightNumber: other.flightNumber, departureUtc: other.legs[0]!.departure.utc };
    expect(
      await disruptFlight(database.db, second.clock, {
        ...where,
        kind: 'divert',
        divertedTo: 'YUL',
      }),
    ).toMatchObject({ ok: true });
    second.clock.advance(24 * 60 * MINUTE);
    expect(await second.status()).toMatchObject({ state: 'diverted', divertedTo: 'YUL' });

    const refused = [
      await disruptFlight(database.db, second.clock, { ...where, kind: 'delay', minutes: 0 }),
      await disruptFlight(database.db, second.clock, { ...where, kind: 'delay', minutes: 2000 }),
      await disruptFlight(database.db, second.clock, {
        ...where,
        kind: 'divert',
        divertedTo: 'QQQ',
      }),
      await disruptFlight(database.db, second.clock, {
        ...where,
        departureUtc: '2026-12-04T03:01:00.000Z',
        kind: 'cancel',
      }),
    ];
    expect(refused.map((r) => r.ok)).toEqual([false, false, false, false]);
  });

  it('disrupts some flights by itself, announced three hours ahead, the same ones each run', async () => {
    const flights = Array.from({ length: 200 }, (_, i) => scheduleOf(`LH${300 + i}`, '2026-12-05'))
      .flat()
      .slice(0, 60);
    const disrupted = async (minutesBefore: number) => {
      const states = [];
      for (const flight of flights) {
        const { status } = setUp(flight, minutesBefore, 0.5);
        const now = await status();
        if (now?.delayMinutes || now?.state === 'cancelled') states.push(flight.flightNumber);
      }
      return states;
    };
    const early = await disrupted(200);
    const announced = await disrupted(170);
    expect(early).toEqual([]);
    expect(announced.length).toBeGreaterThan(10);
    expect(announced.length).toBeLessThan(50);
    expect(await disrupted(170)).toEqual(announced);
  });

  it('knows no flight that does not leave then', async () => {
    const flight = directFlight('2026-12-06');
    const { port } = setUp(flight, 10);
    expect(await port.status(flight.flightNumber, '2026-12-06T03:01:00.000Z')).toBeNull();
    expect(await port.status('BO123', flight.legs[0]!.departure.utc)).toBeNull();
  });
});
