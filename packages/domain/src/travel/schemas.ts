import { z } from 'zod';
import { FLIGHT_DIRECTIONS, TRIP_TYPES } from '../constants.ts';
import { flagSchema } from '../user-scope.ts';

/**
 * Passengers, trips and flights — the default configuration's datasets PASSENGERS and TRIPS
 * (spec 2 §3 "Trip / insurance", "Flight", "Flight alert", "Passenger"; §7 "Travel").
 * Flags are 0 or 1 as the spec's payloads carry them.
 */

export const passengerSchema = z
  .object({
    passengerId: z.uuid(),
    userId: z.uuid(),
    partnerId: z.string(),
    name: z.string(),
    surname: z.string(),
    mobilePhoneNumber: z.string().nullable(),
    active: flagSchema,
    /** 1 for the passenger who is the account holder (listed first). */
    accountHolder: flagSchema,
    created: z.iso.datetime(),
  })
  .meta({ id: 'Passenger' });
export type Passenger = z.infer<typeof passengerSchema>;
export const passengerListSchema = z.array(passengerSchema).meta({ id: 'PassengerList' });

export const FLIGHT_TYPES = ['main', 'leg'] as const;
export const FLIGHT_ALERT_TYPES = ['DELAY', 'CANCELLATION', 'ONTIME'] as const;

const localDate = z.iso.date().describe('YYYY-MM-DD, local to the airport');
const localTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .describe('HH:mm, local to the airport');

export const flightSchema = z
  .object({
    flightId: z.uuid(),
    tripId: z.uuid(),
    flightNumber: z.string(),
    embarkDate: localDate,
    embarkTime: localTime,
    /** IATA airport code; originAirport is its name. */
    origin: z.string(),
    originAirport: z.string().nullable(),
    destination: z.string().nullable(),
    destinationAirport: z.string().nullable(),
    arrivalDate: localDate.nullable(),
    arrivalTime: localTime.nullable(),
    terminal: z.string().nullable(),
    direction: z.enum(FLIGHT_DIRECTIONS),
    flightType: z.enum(FLIGHT_TYPES),
    totalPassengers: z.int().nullable(),
    cancelled: flagSchema,
    active: flagSchema,
    departed: flagSchema,
    alerted: flagSchema,
    notified: flagSchema,
    isMonitored: flagSchema,
  })
  .meta({ id: 'Flight' });
export type Flight = z.infer<typeof flightSchema>;

export const flightAlertSchema = z
  .object({
    flightId: z.uuid(),
    alertType: z.enum(FLIGHT_ALERT_TYPES),
    /** YYYY-MM-DD HH:mm, for delays. */
    delayDate: z.string().nullable(),
    /** Who said so: the flight provider (Tern's watcher) or the customer. */
    source: z.enum(['provider', 'customer']),
    created: z.iso.datetime(),
  })
  .meta({ id: 'FlightAlert' });
export type FlightAlert = z.infer<typeof flightAlertSchema>;
export type FlightAlertType = (typeof FLIGHT_ALERT_TYPES)[number];

export const tripPassengerSchema = z
  .object({ passengerId: z.uuid(), name: z.string(), surname: z.string() })
  .meta({ id: 'TripPassenger' });

export const tripSchema = z
  .object({
    tripId: z.uuid(),
    type: z.enum(TRIP_TYPES),
    bookingRef: z.string().nullable(),
    policyNumber: z.string().nullable(),
    /** In departure order. */
    flights: z.array(flightSchema),
    passengers: z.array(tripPassengerSchema),
    /** Alerts of the trip's flights, newest first. */
    alerts: z.array(flightAlertSchema),
    delegated_passenger_id: z.uuid().nullable(),
    created: z.iso.datetime(),
  })
  .meta({ id: 'Trip' });
export type Trip = z.infer<typeof tripSchema>;
/** Sorted by first flight departure, newest first (spec 2 §2.3). */
export const tripListSchema = z.array(tripSchema).meta({ id: 'TripList' });
