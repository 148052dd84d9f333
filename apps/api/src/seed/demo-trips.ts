import { and, asc, eq, gt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { FlightDirection } from '@tern/domain';
import type { Db } from '../db/client.ts';
import { legOptions, toNewFlight } from '../modules/travel/index.ts';
import { flights, tripPassengers, trips } from '../modules/travel/tables.ts';
import { scheduleOf } from '../providers/flights/simulator/schedule.ts';

/**
 * The travel demo user's trips, on the simulator's timetable: a return trip Ottawa ↔ Hamilton
 * (AC5 out, AC2042 back, both direct every day) three and ten days ahead, for the account
 * holder and a companion, and a trip taken three weeks ago (AC12 Kelowna → Ottawa). Dates
 * follow the clock: a start that finds no upcoming trip books a new one, so the demo always
 * has a flight to disrupt (`demoFlightToDelay`).
 */
const DEMO_FLIGHTS = { out: 'AC5', back: 'AC2042', past: 'AC12' } as const;
const DEMO_PAST_TRIP_ID = '00000000-0000-4000-8000-000000000111';

const dayOf = (now: Date, days: number) =>
  DateTime.fromJSDate(now, { zone: 'utc' }).plus({ days }).toISODate()!;

const leg = (flightNumber: string, date: string, direction: FlightDirection) => {
  const [found] = legOptions(scheduleOf(flightNumber, date), direction);
  if (!found) throw new Error(`The simulator no longer flies ${flightNumber} on ${date}`);
  return found;
};

/** The demo user's open trips with a flight still to leave. */
const upcoming = (db: Db, userId: string, now: Date) =>
  db
    .select({ flightNumber: flights.flightNumber, embarkDate: flights.embarkDate })
    .from(flights)
    .innerJoin(trips, eq(trips.id, flights.tripId))
    .where(
      and(
        eq(trips.userId, userId),
        eq(trips.active, true),
        eq(flights.active, true),
        eq(flights.isMonitored, true),
        eq(flights.cancelled, false),
        gt(flights.departureUtc, now),
      ),
    )
    .orderBy(asc(flights.departureUtc));

export async function seedDemoTrips(
  db: Db,
  user: { userId: string; passengerIds: string[] },
  now: Date,
): Promise<void> {
  const { userId, passengerIds } = user;
  const [holder] = passengerIds;
  // Three weeks ago: flown, landed, nothing more to watch.
  const past = leg(DEMO_FLIGHTS.past, dayOf(now, -21), 'outbound');
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(trips)
      .values({
        id: DEMO_PAST_TRIP_ID,
        userId,
        partnerId: 'travel',
        type: 'single',
        bookingRef: 'QX7K2P',
        createdAt: new Date(now.getTime() - 30 * 86_400_000),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) return;
    await tx.insert(flights).values({
      ...toNewFlight(past, now),
      tripId: created.id,
      departed: true,
      providerState: 'arrived',
      nextCheckAt: null,
    });
    await tx.insert(tripPassengers).values({ tripId: created.id, passengerId: holder! });
  });

  if ((await upcoming(db, userId, now)).length > 0) return;
  const out = leg(DEMO_FLIGHTS.out, dayOf(now, 3), 'outbound');
  const back = leg(DEMO_FLIGHTS.back, dayOf(now, 10), 'inbound');
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(trips)
      .values({
        userId,
        partnerId: 'travel',
        type: 'return',
        bookingRef: 'TRN5ZD',
        delegatedPassengerId: holder!,
        createdAt: now,
      })
      .returning();
    await tx
      .insert(flights)
      .values([out, back].map((found) => ({ ...toNewFlight(found, now), tripId: created!.id })));
    await tx
      .insert(tripPassengers)
      .values(passengerIds.map((passengerId) => ({ tripId: created!.id, passengerId })));
  });
}

/** The demo user's next watched flight: the one the printed operator command delays. */
export async function demoFlightToDelay(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ flightNumber: string; embarkDate: string } | undefined> {
  const [next] = await upcoming(db, userId, now);
  return next;
}
