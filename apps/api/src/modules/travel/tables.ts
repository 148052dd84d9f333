import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { ownerColumns } from '../accounts/tables.ts';

/** People a user travels with, the user among them (spec 2 §3 "Passenger"). */
export const passengers = pgTable(
  'passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    mobilePhoneNumber: text('mobile_phone_number'),
    /** The passenger who is the user: the default passenger of a trip. */
    accountHolder: boolean('account_holder').notNull().default(false),
    /** Deleting a passenger deactivates it: past trips still name who travelled. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('passengers_user_idx').on(t.userId),
    uniqueIndex('passengers_account_holder_idx')
      .on(t.userId)
      .where(sql`${t.accountHolder} and ${t.active}`),
  ],
);

/** Trips, i.e. travel insurances (spec 2 §3 "Trip / insurance"). */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    /** single, return or multi. */
    type: text('type').notNull(),
    bookingRef: text('booking_ref'),
    policyNumber: text('policy_number'),
    /** The primary contact among the trip's passengers. */
    delegatedPassengerId: uuid('delegated_passenger_id').references(() => passengers.id, {
      onDelete: 'set null',
    }),
    /** Cancelling a trip deactivates it: its flights and alerts stay for the record. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('trips_user_idx').on(t.userId)],
);

export const tripPassengers = pgTable(
  'trip_passengers',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => passengers.id),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.passengerId] })],
);

/** Flights of a trip (spec 2 §3 "Flight"). Dates and times are local to the airport. */
export const flights = pgTable(
  'flights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    flightNumber: text('flight_number').notNull(),
    embarkDate: date('embark_date', { mode: 'string' }).notNull(),
    /** HH:mm. */
    embarkTime: text('embark_time').notNull(),
    /** IATA codes and airport names. */
    origin: text('origin').notNull(),
    originAirport: text('origin_airport'),
    destination: text('destination'),
    destinationAirport: text('destination_airport'),
    arrivalDate: date('arrival_date', { mode: 'string' }),
    arrivalTime: text('arrival_time'),
    terminal: text('terminal'),
    /** outbound or inbound. */
    direction: text('direction').notNull().default('outbound'),
    /** main or leg. */
    flightType: text('flight_type').notNull().default('main'),
    totalPassengers: integer('total_passengers'),
    cancelled: boolean('cancelled').notNull().default(false),
    active: boolean('active').notNull().default(true),
    departed: boolean('departed').notNull().default(false),
    alerted: boolean('alerted').notNull().default(false),
    notified: boolean('notified').notNull().default(false),
    isMonitored: boolean('is_monitored').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('flights_trip_idx').on(t.tripId),
    // Status polling looks flights up by number and date.
    index('flights_number_date_idx').on(t.flightNumber, t.embarkDate),
  ],
);

/** Disruptions raised on a flight (spec 2 §3 "Flight alert"); a trip shows its flights' alerts. */
export const flightAlerts = pgTable(
  'flight_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flightId: uuid('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    /** DELAY, CANCELLATION or ONTIME. */
    alertType: text('alert_type').notNull(),
    /** YYYY-MM-DD HH:mm local departure after a delay. */
    delayDate: text('delay_date'),
    createdAt: createdAt(),
  },
  (t) => [index('flight_alerts_flight_idx').on(t.flightId)],
);
