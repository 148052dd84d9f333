import { and, asc, desc, eq, gt, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Flight, FlightAlert, Trip } from '@tern/domain';
import { versionOf, type Versioned } from '../../db/answer-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isoText, jsonTuple } from '../../db/json-tuples.ts';
import type { Owner } from '../../plugins/contracts.ts';
import {
  flightAlerts,
  flights,
  flightStatusChanges,
  passengers,
  tripPassengers,
  trips,
} from './tables.ts';

export type PassengerRow = typeof passengers.$inferSelect;
export type TripRow = typeof trips.$inferSelect;
export type FlightRow = typeof flights.$inferSelect;
export type NewFlight = Omit<typeof flights.$inferInsert, 'tripId'>;
export type FlightAlertRow = typeof flightAlerts.$inferSelect;
export type NewStatusChange = typeof flightStatusChanges.$inferInsert;
export type StatusChangeRow = typeof flightStatusChanges.$inferSelect;

/** One provider flight: its number and first departure (every insured row of it shares them). */
export interface StatusKey {
  flightNumber: string;
  statusKeyUtc: Date;
}

const ownedBy = (owner: Owner) =>
  and(eq(trips.userId, owner.userId), eq(trips.partnerId, owner.partnerId));

/**
 * A user's trips change one purchase at a time: "already booked" and "too many trips" are
 * decided and written under a transaction lock on the user, on every instance.
 */
const lockUser = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`travel:${userId}`}, 0))`);

// The trip list's rows, each a JSON array named by the fields below (db/json-tuples.ts).
const f = alias(flights, 'f');
const af = alias(flights, 'af');
const a = alias(flightAlerts, 'a');
const p = alias(passengers, 'p');
const tp = alias(tripPassengers, 'tp');

const flightTuple = jsonTuple<keyof Flight>({
  flightId: sql`${f.id}`,
  tripId: sql`${f.tripId}`,
  flightNumber: sql`${f.flightNumber}`,
  embarkDate: sql`${f.embarkDate}`,
  embarkTime: sql`${f.embarkTime}`,
  origin: sql`${f.origin}`,
  originAirport: sql`${f.originAirport}`,
  destination: sql`${f.destination}`,
  destinationAirport: sql`${f.destinationAirport}`,
  arrivalDate: sql`${f.arrivalDate}`,
  arrivalTime: sql`${f.arrivalTime}`,
  terminal: sql`${f.terminal}`,
  direction: sql`${f.direction}`,
  flightType: sql`${f.flightType}`,
  totalPassengers: sql`${f.totalPassengers}`,
  // Flags are 0 or 1 in answers.
  cancelled: sql`${f.cancelled}::int`,
  active: sql`${f.active}::int`,
  departed: sql`${f.departed}::int`,
  alerted: sql`${f.alerted}::int`,
  notified: sql`${f.notified}::int`,
  isMonitored: sql`${f.isMonitored}::int`,
});
const passengerTuple = jsonTuple<keyof Trip['passengers'][number]>({
  passengerId: sql`${p.id}`,
  name: sql`${p.name}`,
  surname: sql`${p.surname}`,
});
const alertTuple = jsonTuple<keyof FlightAlert>({
  flightId: sql`${a.flightId}`,
  alertType: sql`${a.alertType}`,
  delayDate: sql`${a.delayDate}`,
  source: sql`${a.source}`,
  created: isoText(a.createdAt),
});
/** Each of a list's elements, or `[]` where there are none. */
const listOf = (query: ReturnType<typeof sql>) => sql`coalesce((${query}), '[]'::json)`;
const tripTuple = jsonTuple<keyof Trip>({
  tripId: sql`${trips.id}`,
  type: sql`${trips.type}`,
  bookingRef: sql`${trips.bookingRef}`,
  policyNumber: sql`${trips.policyNumber}`,
  // Its active flights in departure order.
  flights: listOf(sql`select json_agg(${flightTuple.sql} order by ${f.departureUtc}, ${f.id})
    from ${flights} as ${f} where ${f.tripId} = ${trips.id} and ${f.active}`),
  // Its passengers, the account holder first (a removed one still names who travelled).
  passengers: listOf(sql`select json_agg(${passengerTuple.sql}
      order by ${p.accountHolder} desc, ${p.createdAt}, ${p.id})
    from ${tripPassengers} as ${tp} join ${passengers} as ${p} on ${p.id} = ${tp.passengerId} where ${tp.tripId} = ${trips.id}`),
  // Its active flights' alerts, newest first.
  alerts: listOf(sql`select json_agg(${alertTuple.sql} order by ${a.createdAt} desc, ${a.id} desc)
    from ${flightAlerts} as ${a} join ${flights} as ${af} on ${af.id} = ${a.flightId} where ${af.tripId} = ${trips.id} and ${af.active}`),
  delegated_passenger_id: sql`${trips.delegatedPassengerId}`,
  created: isoText(trips.createdAt),
});

/** A trip's array as the list statement sends it, named as the API answers it. */
const toTrip = (values: readonly unknown[]): Trip => {
  const trip = tripTuple.name(values);
  return {
    ...trip,
    flights: (trip.flights as unknown[][]).map(flightTuple.name),
    passengers: (trip.passengers as unknown[][]).map(passengerTuple.name),
    alerts: (trip.alerts as unknown[][]).map(alertTuple.name),
  } as Trip;
};

export function travelRepo(db: Db) {
  // Read on every dashboard and after every change of a trip: prepared once.
  const tripListQuery = db
    .select({
      trips: sql<unknown[][] | null>`json_agg(${tripTuple.sql})`,
      version: versionOf(sql.placeholder('userId')),
    })
    .from(trips)
    .where(
      and(
        eq(trips.userId, sql.placeholder('userId')),
        eq(trips.partnerId, sql.placeholder('partnerId')),
        eq(trips.active, true),
      ),
    )
    .prepare('travel_trips_of_user');

  return {
    /** A user's active passengers: the account holder first, then in the order added. */
    async listPassengers(owner: Owner): Promise<PassengerRow[]> {
      return db
        .select()
        .from(passengers)
        .where(
          and(
            eq(passengers.userId, owner.userId),
            eq(passengers.partnerId, owner.partnerId),
            eq(passengers.active, true),
          ),
        )
        .orderBy(desc(passengers.accountHolder), asc(passengers.createdAt), asc(passengers.id));
    },

    async insertPassenger(row: typeof passengers.$inferInsert): Promise<PassengerRow> {
      const [created] = await db.insert(passengers).values(row).returning();
      return created!;
    },

    /** The account holder's passenger, unless one exists (a unique index decides races). */
    async insertHolder(row: typeof passengers.$inferInsert): Promise<void> {
      await db
        .insert(passengers)
        .values({ ...row, accountHolder: true })
        .onConflictDoNothing();
    },

    async updatePassenger(
      owner: Owner,
      id: string,
      values: Partial<Pick<PassengerRow, 'name' | 'surname' | 'mobilePhoneNumber' | 'active'>>,
      now: Date,
    ): Promise<PassengerRow | undefined> {
      const [row] = await db
        .update(passengers)
        .set({ ...values, updatedAt: now })
        .where(
          and(
            eq(passengers.id, id),
            eq(passengers.userId, owner.userId),
            eq(passengers.partnerId, owner.partnerId),
            eq(passengers.active, true),
          ),
        )
        .returning();
      return row;
    },

    async findTrip(owner: Owner, tripId: string): Promise<TripRow | undefined> {
      const [row] = await db
        .select()
        .from(trips)
        .where(and(eq(trips.id, tripId), ownedBy(owner), eq(trips.active, true)));
      return row;
    },

    /**
     * A user's open trips as the API answers them: built by PostgreSQL in one prepared
     * statement (one round trip, planned once), each trip with its active flights in
     * departure order, its passengers (the account holder first) and its flights' alerts,
     * newest first; sent as JSON arrays and named here (db/json-tuples.ts). With the user's
     * answer version read in the same snapshot (db/answer-cache.ts).
     */
    async tripViews(owner: Owner): Promise<Versioned<Trip[]>> {
      const [row] = await tripListQuery.execute(owner);
      return { value: (row?.trips ?? []).map(toTrip), version: row!.version };
    },

    /** Flights of the trips, each trip's in departure order. */
    async flightsOf(tripIds: string[]): Promise<FlightRow[]> {
      if (tripIds.length === 0) return [];
      return db
        .select()
        .from(flights)
        .where(inArray(flights.tripId, tripIds))
        .orderBy(asc(flights.departureUtc), asc(flights.id));
    },

    /** An alert with its flight and (active or not) trip: what the resolutions engine answers. */
    async alertContext(
      alertId: string,
    ): Promise<{ alert: FlightAlertRow; flight: FlightRow; trip: TripRow } | undefined> {
      const [row] = await db
        .select({ alert: flightAlerts, flight: flights, trip: trips })
        .from(flightAlerts)
        .innerJoin(flights, eq(flights.id, flightAlerts.flightId))
        .innerJoin(trips, eq(trips.id, flights.tripId))
        .where(eq(flightAlerts.id, alertId));
      return row;
    },

    /** A trip's passengers, the account holder first. */
    async tripPassengers(tripId: string): Promise<PassengerRow[]> {
      return db
        .select({ passenger: passengers })
        .from(tripPassengers)
        .innerJoin(passengers, eq(passengers.id, tripPassengers.passengerId))
        .where(eq(tripPassengers.tripId, tripId))
        .orderBy(desc(passengers.accountHolder), asc(passengers.createdAt), asc(passengers.id))
        .then((rows) => rows.map((row) => row.passenger));
    },

    /** Alerts of the flights, newest first. */
    async alertsOf(flightIds: string[]): Promise<FlightAlertRow[]> {
      if (flightIds.length === 0) return [];
      return db
        .select()
        .from(flightAlerts)
        .where(inArray(flightAlerts.flightId, flightIds))
        .orderBy(desc(flightAlerts.createdAt), desc(flightAlerts.id));
    },

    /**
     * Creates a trip with its flights and passengers, after `guard` has looked at the user's
     * open flights under the user's lock (it throws to refuse); `along` is what the same
     * transaction does once they are in (the partner's event).
     */
    async insertTrip(
      trip: typeof trips.$inferInsert & { userId: string },
      newFlights: NewFlight[],
      passengerIds: string[],
      guard: (open: { trips: number; flights: FlightRow[] }) => void,
      now: Date,
      along?: (tx: Tx, trip: TripRow, flights: FlightRow[]) => Promise<void>,
    ): Promise<TripRow> {
      return db.transaction(async (tx) => {
        await lockUser(tx, trip.userId);
        const open = await tx
          .select()
          .from(flights)
          .innerJoin(trips, eq(trips.id, flights.tripId))
          .where(
            and(
              ownedBy(trip),
              eq(trips.active, true),
              eq(flights.active, true),
              gt(flights.departureUtc, now),
            ),
          );
        guard({
          trips: new Set(open.map((row) => row.trips.id)).size,
          flights: open.map((row) => row.flights),
        });
        const [created] = await tx.insert(trips).values(trip).returning();
        const inserted = await tx
          .insert(flights)
          .values(newFlights.map((f) => ({ ...f, tripId: created!.id })))
          .returning();
        await tx
          .insert(tripPassengers)
          .values(passengerIds.map((passengerId) => ({ tripId: created!.id, passengerId })));
        await along?.(tx, created!, inserted);
        return created!;
      });
    },

    async setTripPassengers(
      tripId: string,
      passengerIds: string[],
      delegatedPassengerId: string | null,
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(tripPassengers).where(eq(tripPassengers.tripId, tripId));
        await tx
          .insert(tripPassengers)
          .values(passengerIds.map((passengerId) => ({ tripId, passengerId })));
        await tx
          .update(trips)
          .set({ delegatedPassengerId, updatedAt: now })
          .where(eq(trips.id, tripId));
      });
    },

    /** Ends a trip's cover: it and its flights stop being shown and watched. */
    async cancelTrip(tripId: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(trips).set({ active: false, updatedAt: now }).where(eq(trips.id, tripId));
        await tx
          .update(flights)
          .set({ active: false, nextCheckAt: null, updatedAt: now })
          .where(eq(flights.tripId, tripId));
      });
    },

    /**
     * Records an alert once: a second of the same change answers undefined. A disruption
     * (not ONTIME) also marks its flight alerted and does `along` (the partner's event), in
     * the same transaction.
     */
    async insertAlert(
      row: typeof flightAlerts.$inferInsert & { createdAt: Date },
      along?: (tx: Tx, alert: FlightAlertRow) => Promise<void>,
    ): Promise<FlightAlertRow | undefined> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(flightAlerts)
          .values(row)
          .onConflictDoNothing()
          .returning();
        if (created && created.alertType !== 'ONTIME') {
          await tx
            .update(flights)
            .set({ alerted: true, updatedAt: row.createdAt })
            .where(eq(flights.id, created.flightId));
          await along?.(tx, created);
        }
        return created;
      });
    },

    async updateFlights(
      ids: string[],
      values: Partial<
        Pick<
          FlightRow,
          | 'cancelled'
          | 'departed'
          | 'alerted'
          | 'notified'
          | 'isMonitored'
          | 'nextCheckAt'
          | 'providerState'
          | 'delayMinutes'
        >
      >,
      now: Date,
    ): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(flights)
        .set({ ...values, updatedAt: now })
        .where(inArray(flights.id, ids));
    },

    /**
     * What the provider says of a flight's rows: every row gets its next look; the rows whose
     * state or delay it changes are answered (a row lock and the re-checked condition make a
     * second watcher of the same answer change nothing).
     */
    async recordStatus(
      ids: string[],
      values: Pick<
        FlightRow,
        'providerState' | 'delayMinutes' | 'departed' | 'cancelled' | 'nextCheckAt'
      >,
      now: Date,
    ): Promise<FlightRow[]> {
      await db
        .update(flights)
        .set({ nextCheckAt: values.nextCheckAt, isMonitored: true, updatedAt: now })
        .where(inArray(flights.id, ids));
      return db
        .update(flights)
        .set({ ...values, updatedAt: now })
        .where(
          and(
            inArray(flights.id, ids),
            or(
              sql`${flights.providerState} is distinct from ${values.providerState}`,
              ne(flights.delayMinutes, values.delayMinutes),
            ),
          ),
        )
        .returning();
    },

    async insertStatusChanges(rows: NewStatusChange[]): Promise<void> {
      if (rows.length > 0) await db.insert(flightStatusChanges).values(rows);
    },

    /** A flight's status history, newest first. */
    async statusChangesOf(flightId: string): Promise<StatusChangeRow[]> {
      return db
        .select()
        .from(flightStatusChanges)
        .where(eq(flightStatusChanges.flightId, flightId))
        .orderBy(desc(flightStatusChanges.recordedAt), desc(flightStatusChanges.id));
    },

    /**
     * The provider flights due a look (`nextCheckAt` passed), soonest first: each once,
     * however many users insured it. Reads the due rows only (a partial index).
     */
    async dueStatusKeys(now: Date, limit: number): Promise<StatusKey[]> {
      const rows = await db
        .selectDistinct({ flightNumber: flights.flightNumber, statusKeyUtc: flights.statusKeyUtc })
        .from(flights)
        .where(
          and(
            isNotNull(flights.nextCheckAt),
            lte(flights.nextCheckAt, now),
            isNotNull(flights.statusKeyUtc),
          ),
        )
        .limit(limit);
      return rows as StatusKey[];
    },

    /** Flights the user entered by hand whose departure has come: the user is asked. */
    async dueUserProvided(now: Date, limit: number): Promise<FlightRow[]> {
      return db
        .select()
        .from(flights)
        .where(
          and(
            isNotNull(flights.nextCheckAt),
            lte(flights.nextCheckAt, now),
            eq(flights.userProvided, true),
          ),
        )
        .limit(limit);
    },

    /** The insured, watched rows of one provider flight, with their owners. */
    async flightsOfKey(
      key: StatusKey,
    ): Promise<(FlightRow & { userId: string; partnerId: string })[]> {
      const rows = await db
        .select({ flight: flights, userId: trips.userId, partnerId: trips.partnerId })
        .from(flights)
        .innerJoin(trips, eq(trips.id, flights.tripId))
        .where(
          and(
            eq(flights.flightNumber, key.flightNumber),
            eq(flights.statusKeyUtc, key.statusKeyUtc),
            eq(flights.active, true),
            isNotNull(flights.nextCheckAt),
          ),
        );
      return rows.map((row) => ({ ...row.flight, userId: row.userId, partnerId: row.partnerId }));
    },

    /** The user's open flights of a number leaving an airport on a date. */
    async userFlightsMatching(
      owner: Owner,
      match: { flightNumber: string; embarkDate: string; origin: string },
    ): Promise<FlightRow[]> {
      const rows = await db
        .select({ flight: flights })
        .from(flights)
        .innerJoin(trips, eq(trips.id, flights.tripId))
        .where(
          and(
            ownedBy(owner),
            eq(trips.active, true),
            eq(flights.active, true),
            eq(flights.flightNumber, match.flightNumber),
            eq(flights.embarkDate, match.embarkDate),
            eq(flights.origin, match.origin),
          ),
        );
      return rows.map((row) => row.flight);
    },
  };
}
export type TravelRepo = ReturnType<typeof travelRepo>;
