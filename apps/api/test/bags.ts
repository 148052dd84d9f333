import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { lostBagSchema, luggageContracts, wallClockAt, type LostBag } from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import { flights, trips } from '../src/modules/travel/tables.ts';
import type { TestContext } from './app.ts';
import { multipartBody, type Part } from './multipart.ts';
import { phonePhoto } from './photos.ts';
import { urlOf } from './urls.ts';

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

/** Uploads a file to a bag through the luggage `attach` contract, as `who` (their headers). */
export function uploadToBag(
  t: TestContext,
  who: { headers: Record<string, string> },
  bagId: string,
  file: Omit<Part, 'name'>,
  name = 'bag.jpg',
) {
  const body = multipartBody([{ name: 'file', ...file }]);
  return t.app.inject({
    method: 'POST',
    url: urlOf(luggageContracts.attach, { bagId }, { name }),
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

/**
 * Attaches the report image as the portal does: a phone's JPEG (its GPS position in the
 * EXIF), uploaded by the bag's owner `who` under the name `bag.jpg`. Answers the bag with it.
 */
export async function attachImage(
  t: TestContext,
  who: { headers: Record<string, string> },
  bagId: string,
): Promise<LostBag> {
  const res = await uploadToBag(t, who, bagId, {
    filename: 'IMG_0042.JPG',
    type: 'image/jpeg',
    data: await phonePhoto(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return lostBagSchema.parse(res.json());
}
