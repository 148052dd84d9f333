import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
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
    /** The leg's departure as an instant (embarkDate and embarkTime at the origin's zone). */
    departureUtc: at('departure_utc').notNull(),
    /**
     * How the flight provider names the flight: the first departure of its number that day
     * (a later leg shares its flight's). Null for a flight the user entered by hand.
     */
    statusKeyUtc: at('status_key_utc'),
    /** Entered by hand, not in the schedule: the user reports its status (spec 2 §4.2 page 2). */
    userProvided: boolean('user_provided').notNull().default(false),
    /** When the watcher next asks the provider; null once there is nothing more to learn. */
    nextCheckAt: at('next_check_at'),
    /** What the provider said last: its state and the delay in minutes. */
    providerState: text('provider_state'),
    delayMinutes: integer('delay_minutes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('flights_trip_idx').on(t.tripId),
    // Status polling looks flights up by number and date.
    index('flights_number_date_idx').on(t.flightNumber, t.embarkDate),
    // The watcher reads only the flights due a look, soonest first.
    index('flights_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    index('flights_status_key_idx').on(t.flightNumber, t.statusKeyUtc),
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
    /** `provider` (the watcher) or `customer` (the notify-disruption dialog). */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('flight_alerts_flight_idx').on(t.flightId),
    // One alert per change, however many watchers see it.
    unique('flight_alerts_change_key').on(t.flightId, t.alertType, t.delayDate).nullsNotDistinct(),
  ],
);

/**
 * Every status a flight went through, as the provider or the customer told it: the evidence
 * behind its alerts (and the resolutions they bring), with its source and time.
 */
export const flightStatusChanges = pgTable(
  'flight_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flightId: uuid('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    /** scheduled, departed, arrived, cancelled or diverted. */
    state: text('state').notNull(),
    delayMinutes: integer('delay_minutes').notNull(),
    /** YYYY-MM-DD HH:mm: when it leaves (or left), local to the origin. */
    departureLocal: text('departure_local').notNull(),
    divertedTo: text('diverted_to'),
    /** `provider` or `customer`. */
    source: text('source').notNull(),
    /** When the source says the change happened; null where it does not say. */
    changedAt: at('changed_at'),
    recordedAt: at('recorded_at').notNull(),
  },
  (t) => [index('flight_status_changes_flight_idx').on(t.flightId, t.recordedAt)],
);
