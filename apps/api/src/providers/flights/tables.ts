import { integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * What the simulated flight-status provider has been told by its operator (`npm run sim --
 * flight delay …`): its side of the world. A flight's status is its timetable, the clock and
 * these, the latest of each kind winning; a real adapter does not write here.
 */
export const simulatedDisruptions = pgTable(
  'sim_flight_disruptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flightNumber: text('flight_number').notNull(),
    /** The scheduled departure of the flight it concerns (one of the number's rotations). */
    departureUtc: timestamp('departure_utc', { withTimezone: true }).notNull(),
    kind: text('kind').$type<'delay' | 'cancel' | 'divert'>().notNull(),
    /** A delay: how late it now leaves, in minutes from the schedule. */
    minutes: integer('minutes'),
    /** A diversion: the airport it lands at instead (IATA). */
    divertedTo: text('diverted_to'),
    createdAt: createdAt(),
  },
  (t) => [index('sim_flight_disruptions_flight').on(t.flightNumber, t.departureUtc)],
);
