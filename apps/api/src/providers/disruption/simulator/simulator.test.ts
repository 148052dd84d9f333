import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Db } from '../../../db/client.ts';
import { fakeClock } from '../../../lib/clock.ts';
import { freshDatabase } from '../../../../test/database.ts';
import type { DisruptionPort } from '../port.ts';
import { disruptionPortSuite } from '../port-suite.ts';
import { HOTEL_DEMO_AIRPORTS, simulatedDisruption } from './index.ts';

disruptionPortSuite('simulator', async () => {
  const { database, release } = await freshDatabase();
  return {
    port: simulatedDisruption({ db: database.db, clock: fakeClock() }),
    close: release,
    // Two terminals, so the terminal filter has something to filter.
    airport: 'YYZ',
    route: { flightNumber: 'AC856', origin: 'YYZ', destination: 'LHR' },
  };
});

const LOUNGE_DEMO_AIRPORTS = ['YOW', 'YHM', 'YUL', 'YYZ', 'YVR', 'YYC', 'YLW', 'LHR', 'CDG', 'JFK'];
const guests = [{ firstName: 'Uma', surname: 'User' }];
const nights = Array.from({ length: 60 }, (_, i) =>
  DateTime.fromISO('2026-12-01').plus({ days: i }).toISODate()!,
);

describe('the simulated disruption services', () => {
  let port: DisruptionPort;
  let other: DisruptionPort;
  let db: Db;
  let release: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    ({ release } = fresh);
    db = fresh.database.db;
    port = simulatedDisruption({ db, clock: fakeClock() });
    other = simulatedDisruption({ db, clock: fakeClock() });
  });
  afterAll(() => release());

  const rebookingAsk = {
    flightNumber: 'AC856',
    origin: 'YYZ',
    destination: 'LHR',
    afterUtc: '2026-12-01T10:20:00Z',
    seats: 2,
  };

  it('answers the same on every call and from every instance', async () => {
    expect(await other.lounges.list('YOW', null)).toEqual(await port.lounges.list('YOW', null));
    expect(await other.hotels.available('YUL', '2026-12-24', 1)).toEqual(
      await port.hotels.available('YUL', '2026-12-24', 1),
    );
    const alternates = await port.rebooking.alternates(rebookingAsk);
    expect(await other.rebooking.alternates(rebookingAsk)).toEqual(alternates);
    // Any time in the same hour asks the same question.
    const later = { ...rebookingAsk, afterUtc: '2026-12-01T10:55:00Z' };
    expect(await port.rebooking.alternates(later)).toEqual(alternates);
    const booking = {
      idempotencyKey: 'same',
      loungeId: 'LNG-YOW-1',
      guests,
      departureUtc: '2026-12-01T18:00:00Z',
    };
    expect(await other.lounges.book(booking)).toEqual(await port.lounges.book(booking));
  });

  it('has lounges at every demo airport, and none at an airport it does not know', async () => {
    for (const airport of LOUNGE_DEMO_AIRPORTS) {
      expect(airportByIata.has(airport)).toBe(true);
      const lounges = await port.lounges.list(airport, null);
      expect(lounges.length, airport).toBeGreaterThanOrEqual(1);
      expect(lounges.length).toBeLessThanOrEqual(3);
      for (const lounge of lounges) expect(lounge.capacity).toBeGreaterThanOrEqual(20);
    }
    expect(await port.lounges.list('ZZZ', null)).toEqual([]);
    expect(await port.hotels.available('ZZZ', '2026-12-01', 1)).toEqual([]);
  });

  it('lets passes expire an hour after departure, with codes like LNG-7K2M9Q', async () => {
    const booking = await port.lounges.book({
      idempotencyKey: 'expiry',
      loungeId: 'LNG-YUL-1',
      guests,
      departureUtc: '2026-12-01T18:00:00Z',
    });
    expect(booking).toMatchObject({ expiryDate: '2026-12-01T19:00:00.000Z', units: 1 });
    expect(typeof booking !== 'string' && booking.entries[0]!.displayCode).toMatch(
      /^LNG-[A-Z2-9]{6}$/,
    );
  });

  it('has at least two hotels every night at the demo airports', async () => {
    for (const airport of HOTEL_DEMO_AIRPORTS)
      for (const night of nights)
        expect(
          (await port.hotels.available(airport, night, 1)).length,
          `${airport} ${night}`,
        ).toBeGreaterThanOrEqual(2);
  });

  it('has nights without a hotel elsewhere, as its comment says', async () => {
    expect(await port.hotels.available('YQB', '2026-12-06', 1)).toEqual([]);
    expect(await port.hotels.available('YXU', '2026-12-10', 1)).toEqual([]);
    const [offer] = await port.hotels.available('YQB', '2026-12-07', 1);
    // An offer of another night is not one of this night's.
    const gone = offer!.alternateId.replace('2026-12-07', '2026-12-06');
    expect(await port.hotels.book({ idempotencyKey: 'gone', alternateId: gone, guests })).toBe(
      'unavailable',
    );
  });

  it('offers a direct flight of the airline 2 to 12 hours later and a connection via a third airport', async () => {
    const rows = await port.rebooking.alternates(rebookingAsk);
    const after = Date.parse(rebookingAsk.afterUtc);
    const direct = rows.filter((r) => r.origin === 'YYZ' && r.destination === 'LHR');
    expect(direct.length).toBeGreaterThanOrEqual(1);
    for (const flight of direct) {
      expect(flight.flightNumber).toMatch(/^AC\d+$/);
      expect(flight.flightNumber).not.toBe('AC856');
      const leaves = DateTime.fromISO(flight.embarkDate, { zone: 'America/Toronto' }).toMillis();
      expect(leaves - after).toBeGreaterThanOrEqual(2 * 3_600_000);
      expect(leaves - after).toBeLessThanOrEqual(12 * 3_600_000);
    }
    const first = rows.find((r) => r.stopAirport !== null)!;
    expect(['YYZ', 'LHR']).not.toContain(first.stopAirport);
    expect(first.stopTime).toBeGreaterThanOrEqual(45);
    expect(first.stopTime).toBeLessThanOrEqual(180);
    expect(rows.filter((r) => r.linkId === first.linkId)).toHaveLength(2);
    expect(await port.rebooking.alternates({ ...rebookingAsk, seats: 10 })).toEqual([]);
  });

  it('refuses a flight that has left by its clock', async () => {
    const clock = fakeClock(new Date('2026-12-03T00:00:00Z'));
    const late = simulatedDisruption({ db, clock });
    const [row] = await late.rebooking.alternates(rebookingAsk);
    expect(
      await late.rebooking.rebook({ idempotencyKey: 'late', flightIds: [row!.flightId], guests }),
    ).toBe('unavailable');
  });

  it('refuses a loyalty key asked again with other points', async () => {
    const credit = { idempotencyKey: 'points', memberId: 'M1', points: 100, reason: 'Delay' };
    await port.loyalty.credit(credit);
    await expect(port.loyalty.credit({ ...credit, points: 200 })).rejects.toThrow();
  });
});
