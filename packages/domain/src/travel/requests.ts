import { z } from 'zod';
import {
  FLIGHT_DIRECTIONS,
  FORMATTED_INPUT_MAX,
  POLICY_NUMBER_MAX,
  TRIP_FLIGHTS,
  TRIP_PASSENGERS_MAX,
  TRIP_TYPES,
  type TripType,
} from '../constants.ts';
import { checkDateTime, dateSchema, dateTimeSchema } from '../rules/date.ts';
import { flightNumberSchema } from '../rules/flight-number.ts';
import { firstNameSchema, lastNameSchema } from '../rules/names.ts';
import { internationalPhoneSchema } from '../rules/phone.ts';
import { textSchema } from '../rules/text.ts';
import { flagSchema } from '../user-scope.ts';
import { FLIGHT_ALERT_TYPES, FLIGHT_TYPES } from './schemas.ts';
import { checkDelayedDeparture, tripFlightsProblem } from './rules.ts';

/**
 * The bodies, queries and answers of the travel calls that change things (spec 2 §3, §5,
 * §7 "Travel"), checked alike by the forms and the API.
 */

const iataSchema = z
  .string({ error: 'validation.origin' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: 'validation.origin' })
  .describe('IATA airport code');

const optionalPolicyNumber = textSchema({ max: POLICY_NUMBER_MAX, required: false })
  .transform((value) => value.trim() || undefined)
  .optional();

/** `GET /travel/flights/validate`: the flight wizard's lookup (spec 2 §4.2 page 1). */
export const flightValidateQuerySchema = z.object({
  flightNumber: flightNumberSchema,
  embarkDate: dateSchema({ required: true }),
  policyNumber: optionalPolicyNumber,
  direction: z.enum(FLIGHT_DIRECTIONS).default('outbound'),
  /** `main` as the wizard sends it; legs come back as candidates of their own. */
  flightType: z.enum(FLIGHT_TYPES).default('main'),
  /** Narrows the candidates to those leaving this airport. */
  origin: iataSchema.optional(),
});
export type FlightValidateQuery = z.infer<typeof flightValidateQuerySchema>;

const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.invalid' });

/**
 * A flight as the wizard adds it to the new insurance (spec 2 §3 "New insurance item"
 * cover.flights): one leg of a scheduled flight, or one the user entered by hand.
 */
export const flightOptionSchema = z
  .object({
    flightNumber: z.string(),
    embarkDate: z.iso.date(),
    embarkTime: localTime,
    origin: z.string(),
    originAirport: z.string().nullable(),
    destination: z.string().nullable(),
    destinationAirport: z.string().nullable(),
    arrivalDate: z.iso.date().nullable(),
    arrivalTime: localTime.nullable(),
    terminal: z.string().nullable(),
    direction: z.enum(FLIGHT_DIRECTIONS),
    flightType: z.enum(FLIGHT_TYPES),
    totalPassengers: z.int().nullable(),
    /** 1 when the user entered it (not in the schedule): not watched, the user reports its status. */
    userProvided: flagSchema,
  })
  .meta({ id: 'FlightOption' });
export type FlightOption = z.infer<typeof flightOptionSchema>;

export const flightOptionListSchema = z
  .object({ flights: z.array(flightOptionSchema) })
  .meta({ id: 'FlightOptions' });

/** `POST /travel/flights`: a flight the schedule does not know, entered by hand (§4.2 page 2). */
export const userFlightRequestSchema = z
  .object({
    flightNumber: flightNumberSchema,
    /** `YYYY-MM-DDTHH:mm` local to the origin airport. */
    embarkDateTime: dateTimeSchema({ required: true }),
    origin: iataSchema,
    direction: z.enum(FLIGHT_DIRECTIONS).default('outbound'),
    policyNumber: optionalPolicyNumber,
  })
  .meta({ id: 'UserFlightRequest' });
export type UserFlightRequest = z.infer<typeof userFlightRequestSchema>;

/** A flight of a purchase: what the wizard chose, matched again against the schedule. */
export const flightChoiceSchema = z.object({
  flightNumber: flightNumberSchema,
  embarkDate: dateSchema({ required: true }),
  /** The leg's local departure time; picks among flights of one number on one date. */
  embarkTime: localTime.optional(),
  origin: iataSchema,
  direction: z.enum(FLIGHT_DIRECTIONS).default('outbound'),
  userProvided: flagSchema.default(0),
});
export type FlightChoice = z.infer<typeof flightChoiceSchema>;

/** `SINGLE` as the wizard sends it (spec 2 §7 "type (uppercased trip type)") or `single`. */
const tripTypeSchema = z
  .string({ error: 'validation.required' })
  .max(Math.max(...TRIP_TYPES.map((type) => type.length)), {
    error: 'validation.invalid',
    abort: true,
  })
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(TRIP_TYPES, { error: 'validation.invalid' }));

/** The most flights a trip of any type has: its request's list is refused past it. */
const TRIP_FLIGHTS_MAX = Math.max(...Object.values(TRIP_FLIGHTS).map(({ max }) => max));

/** Spec 2 §4.1: single is outbound only; a return goes out, then comes back. */
function checkTrip(
  value: {
    type: TripType;
    flights: { direction: string; flightNumber: string; embarkDate: string }[];
  },
  ctx: z.RefinementCtx,
) {
  const problem = tripFlightsProblem(value.type, value.flights.length);
  if (problem) ctx.addIssue({ code: 'custom', path: ['flights'], message: problem });
  const expected =
    value.type === 'single' ? ['outbound'] : value.type === 'return' ? ['outbound', 'inbound'] : [];
  value.flights.forEach((flight, index) => {
    if (expected[index] && flight.direction !== expected[index])
      ctx.addIssue({
        code: 'custom',
        path: ['flights', index, 'direction'],
        message: 'validation.invalid',
      });
  });
}

const bookingRefSchema = textSchema({ max: POLICY_NUMBER_MAX, required: false })
  .transform((value) => value.trim() || null)
  .optional();

/**
 * `POST /travel/insurance/blink-it` (spec 2 §7 "Blink trip"): the flights, and the passengers
 * as ids — or, where the partner does not let users choose, 1: the account holder.
 */
export const blinkItRequestSchema = z
  .object({
    type: tripTypeSchema.default('single'),
    flights: z
      .array(flightChoiceSchema)
      .min(1, { error: 'validation.one_flight' })
      .max(TRIP_FLIGHTS_MAX, { error: 'validation.invalid' }),
    passengers: z.union([
      z
        .array(z.uuid({ error: 'validation.invalid' }))
        .min(1, { error: 'validation.one_passenger' })
        .max(TRIP_PASSENGERS_MAX, { error: 'validation.invalid' }),
      // Where users do not choose, the account holder travels: "1 if not an array".
      z.literal(1, { error: 'validation.one_passenger' }),
    ]),
    delegatedPassengerId: z.uuid().nullable().optional(),
    policyNumber: optionalPolicyNumber,
    bookingRef: bookingRefSchema,
  })
  .superRefine(checkTrip)
  .meta({ id: 'BlinkItRequest' });
export type BlinkItRequest = z.infer<typeof blinkItRequestSchema>;

/**
 * `POST /platform/items/transaction` (spec 2 §7): the same purchase in the items form a
 * partner's booking channel sends — one FLIGHT item per flight with its passengers.
 */
export const itemsTransactionRequestSchema = z
  .object({
    userId: z.uuid(),
    propositionId: textSchema({ required: false }).optional(),
    tag: z.literal('booking'),
    externalPolicyNumber: optionalPolicyNumber,
    bookingRef: bookingRefSchema,
    type: tripTypeSchema.default('single'),
    items: z
      .array(
        flightChoiceSchema.extend({
          itemTypeId: z.literal('FLIGHT'),
          passengers: z
            .array(z.uuid())
            .min(1, { error: 'validation.one_passenger' })
            .max(TRIP_PASSENGERS_MAX, { error: 'validation.invalid' }),
        }),
      )
      .min(1, { error: 'validation.one_flight' })
      .max(TRIP_FLIGHTS_MAX, { error: 'validation.invalid' }),
  })
  .superRefine((value, ctx) => checkTrip({ type: value.type, flights: value.items }, ctx))
  .meta({ id: 'ItemsTransactionRequest' });
export type ItemsTransactionRequest = z.infer<typeof itemsTransactionRequestSchema>;

export const tripPathSchema = z.object({ tripId: z.uuid() });
export const tripFlightPathSchema = tripPathSchema.extend({ flightId: z.uuid() });
export const passengerPathSchema = z.object({ passengerId: z.uuid() });

/** `PATCH /travel/trips/{tripId}` (spec 2 §7 "Update trip passengers"). */
export const tripPatchSchema = z
  .object({
    passengers: z
      .array(z.uuid({ error: 'validation.invalid' }))
      .min(1, { error: 'validation.one_passenger' })
      .max(TRIP_PASSENGERS_MAX, { error: 'validation.invalid' }),
    delegatedPassengerId: z.uuid().nullable().optional(),
  })
  .meta({ id: 'TripPatch' });
export type TripPatch = z.infer<typeof tripPatchSchema>;

/** The add / edit passenger form (spec 2 §5 "Add passenger"). */
export const passengerFormSchema = z.object({
  name: firstNameSchema,
  surname: lastNameSchema,
  mobilePhoneNumber: internationalPhoneSchema,
});
export type PassengerFormValues = z.input<typeof passengerFormSchema>;
export const passengerRequestSchema = passengerFormSchema.meta({ id: 'PassengerRequest' });
export type PassengerRequest = z.infer<typeof passengerRequestSchema>;
export const passengerPatchSchema = passengerFormSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: 'validation.required' })
  .meta({ id: 'PassengerPatch' });

/**
 * `POST /travel/trips/{tripId}/flights/{flightId}/alert` (spec 2 §3 "Disruption
 * notification", §5 "Notify disruption"), also the dialog's form: nothing is chosen for the
 * customer, and a delay needs the new local departure they chose, sent `YYYY-MM-DD HH:mm`
 * (the form's `YYYY-MM-DDTHH:mm` is turned into it). Given the flight (the form; the API once
 * it has found it), the departure must also be after the scheduled one.
 */
export const flightAlertFormSchema = (flight?: { embarkDate: string; embarkTime: string }) =>
  z
    .object({
      alertType: z.enum(FLIGHT_ALERT_TYPES, { error: 'validation.required' }),
      delayDate: z
        .string()
        .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_date' })
        .optional(),
    })
    .superRefine((value, ctx) => {
      if (value.alertType !== 'DELAY') return;
      const text = value.delayDate?.trim() ?? '';
      const problem =
        text && !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/.test(text)
          ? { key: 'validation.invalid_date' }
          : flight
            ? checkDelayedDeparture(text, flight)
            : checkDateTime(text, { required: true });
      if (problem) ctx.addIssue({ code: 'custom', path: ['delayDate'], message: problem.key });
    })
    .transform(({ alertType, delayDate }) =>
      alertType === 'DELAY'
        ? { alertType, delayDate: delayDate!.trim().replace('T', ' ') }
        : { alertType },
    );
export const flightAlertRequestSchema = flightAlertFormSchema().meta({ id: 'FlightAlertRequest' });
export type FlightAlertRequest = z.infer<typeof flightAlertRequestSchema>;
export type FlightAlertFormValues = z.input<typeof flightAlertRequestSchema>;

/**
 * `POST /travel/flights/notify-alert`: the user says a flight of theirs is disrupted; Tern asks
 * the flight provider about it now rather than at the next scheduled look.
 */
export const notifyAlertRequestSchema = z
  .object({
    userId: z.uuid(),
    flightNumber: flightNumberSchema,
    embarkDate: dateSchema({ required: true }),
    origin: iataSchema,
  })
  .meta({ id: 'NotifyAlertRequest' });

export const notifyAlertAnswerSchema = z
  .object({ flights: z.int().describe('How many of the user’s flights will be looked at now') })
  .meta({ id: 'NotifyAlertAnswer' });
