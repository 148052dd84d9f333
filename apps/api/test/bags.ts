import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { wallClockAt } from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import { lostBagAttachments } from '../src/modules/luggage/tables.ts';
import { flights, trips } from '../src/modules/travel/tables.ts';
import type { TestContext } from './app.ts';

/**
 * The travel demo user's past trip (AC12 Kelowna → Ottawa, three weeks before the seed's
 * clock): the flight a test reports a bag for, with a report body that passes every rule —
 * PIR of Ottawa's station, on Ottawa's clock six hours after departure.
 */
export async function pastFlight(t: TestContext, userId: string) {
  const [row] = await t.database.db
    .select({ tripId: trips.id, flightId: flights.id, departureUtc: flights.departureUtc })
    .from(flights)
    .innerJoin(trips, eq(trips.id, flights.tripId))
    .where(and(eq(trips.userId, userId), eq(trips.bookingRef, 'QX7K2P')));
  if (!row) throw new Error('The demo past trip is gone');
  const zone = airportByIata.get('YOW')!.timeZone;
  const localAt = (hoursAfterDeparture: number) =>
    wallClockAt(row.departureUtc.getTime() + hoursAfterDeparture * 3_600_000, zone).replace(
      'T',
      ' ',
    );
  const report = (overrides: Record<string, unknown> = {}) => ({
    tripId: row.tripId,
    flightId: row.flightId,
    pir: 'YOWAC12345',
    tagNumber: '0014123456',
    colour: 'BU',
    type: '22',
    reportedOnLocal: localAt(6),
    ...overrides,
  });
  /** Ottawa's clock `minutes` before the test clock's now. */
  const localNow = (minutes = 1) =>
    wallClockAt(t.clock.now().getTime() - minutes * 60_000, zone).replace('T', ' ');
  return { ...row, zone, localAt, localNow, report };
}

/** Attaches a report image as the documents area would (a document id of its own). */
export const attachImage = (t: TestContext, bagId: string) =>
  t.database.db
    .insert(lostBagAttachments)
    .values({ bagId, kind: 'IMAGE', name: 'bag.jpg', documentId: randomUUID() })
    .returning();
