import { z } from 'zod';
import { defineContracts } from '../contract.ts';
import { travelRoutes } from './routes.ts';
import { userIdQuerySchema } from '../user-scope.ts';
import {
  blinkItRequestSchema,
  flightAlertRequestSchema,
  flightOptionListSchema,
  flightOptionSchema,
  flightValidateQuerySchema,
  itemsTransactionRequestSchema,
  notifyAlertAnswerSchema,
  notifyAlertRequestSchema,
  passengerPatchSchema,
  passengerPathSchema,
  passengerRequestSchema,
  tripFlightPathSchema,
  tripPatchSchema,
  tripPathSchema,
  userFlightRequestSchema,
} from './requests.ts';
import { businessItemsTransactionSchema, insuredItemListSchema } from '../claims/index.ts';
import {
  flightAlertSchema,
  passengerListSchema,
  passengerSchema,
  tripListSchema,
  tripSchema,
} from './schemas.ts';

const FLIGHT_CHECKS =
  'A departure already past answers 400 INVALID_PARAMS with `validation.disabled_past` on its date field, as the form says; a flight leaving in less than 2 hours 409 FLIGHT_TOO_SOON, one more than 330 days ahead or outside the named policy’s dates 409 FLIGHT_OUT_OF_DATE_RANGE (field embarkDate); an unknown policy 404 POLICY_NOT_FOUND.';
const PURCHASE = `Each flight is matched again against the schedule (number, date, origin; \`embarkTime\` picks among several): 409 NO_FLIGHT_FOR_DATE when it does not fly then; a flight entered by hand (\`userProvided: 1\`) only where the schedule knows no flight of that number that date. The trip type's flight count (400 INVALID_PARAMS on flights), a flight twice (409 DUPLICATE_FLIGHT), a flight already on another of the user's trips (409 FLIGHT_ALREADY_BOOKED), more than 30 open trips (409 MAX_TRIPS_EXCEEDED), a passenger not the user's (409 INVALID_PASSENGER), no account-holder passenger to count from (409 NO_DEFAULT_PASSENGER), more passengers than a flight's totalPassengers for a non-employee (400 INVALID_PARAMS on passengers). ${FLIGHT_CHECKS} The trip is watched from then on.`;

/** Passengers, trips, their flights and disruption notices (spec 2 §7 "Travel"). */
export const travelContracts = defineContracts('travel', {
  passengers: {
    ...travelRoutes.passengers,
    summary: "The user's active passengers, the account holder first",
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: passengerListSchema },
    errors: [400, 401, 404],
  },
  addPassenger: {
    method: 'POST',
    path: travelRoutes.passengers.path,
    summary: 'Add a passenger the user travels with',
    description:
      'Names are letters (accents, hyphen, apostrophe, space); the mobile number international. The same name and surname twice answers 409 DUPLICATE_PASSENGER. Partners may keep adding to employees or to some roles (403 PASSENGER_NOT_PERMITTED).',
    access: 'signedIn',
    body: passengerRequestSchema,
    responses: { 201: passengerSchema },
    errors: [400, 401, 403, 409],
  },
  updatePassenger: {
    method: 'PATCH',
    path: '/travel/passengers/{passengerId}',
    summary: "Change a passenger's name or mobile number",
    description: "Another user's passenger answers 404 PASSENGER_NOT_FOUND.",
    access: 'signedIn',
    owner: { resource: 'passenger' },
    params: passengerPathSchema,
    body: passengerPatchSchema,
    responses: { 200: passengerSchema },
    errors: [400, 401, 404, 409],
  },
  removePassenger: {
    method: 'DELETE',
    path: '/travel/passengers/{passengerId}',
    summary: 'Remove a passenger; the trips they took still name them',
    description:
      'The account holder is not removed (409 INVALID_PASSENGER). Answers the passengers left.',
    access: 'signedIn',
    owner: { resource: 'passenger' },
    params: passengerPathSchema,
    responses: { 200: passengerListSchema },
    errors: [400, 401, 404, 409],
  },
  trips: {
    ...travelRoutes.trips,
    summary: "The user's trips with flights, passengers and alerts",
    description: 'Sorted by first flight departure, newest first; trips without flights last.',
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: tripListSchema },
    errors: [400, 401, 404],
  },
  updateTrip: {
    method: 'PATCH',
    path: '/travel/trips/{tripId}',
    summary: "Change a trip's passengers and its primary contact",
    description:
      "For a non-employee at most the policy's maxInsured (400 INVALID_PARAMS on passengers). The primary contact is cleared when not among the passengers. A trip with a flight departed or alerted answers 409 FLIGHT_ALERTED_OR_DEPARTED; another user's trip 404 TRIP_NOT_FOUND.",
    access: 'signedIn',
    owner: { resource: 'trip' },
    params: tripPathSchema,
    body: tripPatchSchema,
    responses: { 200: tripSchema },
    errors: [400, 401, 404, 409],
  },
  cancelTrip: {
    method: 'DELETE',
    path: '/travel/trips/{tripId}',
    summary: 'Cancel the insurance of a trip',
    description:
      'Not once a flight has departed or has an alert (409 FLIGHT_ALERTED_OR_DEPARTED). Answers the trips left.',
    access: 'signedIn',
    owner: { resource: 'trip' },
    params: tripPathSchema,
    responses: { 200: tripListSchema },
    errors: [400, 401, 404, 409],
  },
  validateFlight: {
    method: 'GET',
    path: '/travel/flights/validate',
    summary: 'The scheduled flights a number flies on a date, one per leg',
    description: `Several when it flies more than once that day or in legs (\`flightType: leg\`). None scheduled: 404 FLIGHT_SCHEDULE_NOT_FOUND on flightNumber, after which the flight may be entered by hand. ${FLIGHT_CHECKS}`,
    access: 'signedIn',
    query: flightValidateQuerySchema,
    responses: { 200: flightOptionListSchema },
    errors: [400, 401, 404, 409],
  },
  userFlight: {
    method: 'POST',
    path: '/travel/flights',
    summary: 'A flight entered by hand: its departure and origin airport',
    description: `The schedule's own flight when it knows one of that number leaving that airport then; otherwise the flight as entered, \`userProvided: 1\`. An unknown airport answers 400 INVALID_PARAMS on origin. ${FLIGHT_CHECKS}`,
    access: 'signedIn',
    body: userFlightRequestSchema,
    responses: { 200: flightOptionSchema },
    errors: [400, 401, 404, 409],
  },
  blinkIt: {
    method: 'POST',
    path: '/travel/insurance/blink-it',
    summary: 'Buy cover for a trip: its flights and passengers',
    description: PURCHASE,
    access: 'signedIn',
    limit: 'money',
    body: blinkItRequestSchema,
    responses: { 201: tripSchema },
    errors: [400, 401, 404, 409, 429],
  },
  itemsTransaction: {
    method: 'POST',
    path: '/platform/items/transaction',
    summary:
      'Insure items: flights (tag booking, one FLIGHT item per flight: the trip) or businesses (tag business, the parametric proposition: the insured items)',
    description: `For the user named (404 USER_NOT_FOUND for another). Flights, with the default travel configuration: the same purchase as blink-it, answering the trip. ${PURCHASE} Businesses, with the parametric configuration: each BUSINESS_PREMISES item needs open-banking access to its revenue (BANKING, required), granted at once when the user has a live consent; answers every active item of the user. A purchase the partner's configuration does not sell answers 400 PROPOSITION_INVALID.`,
    access: 'signedIn',
    limit: 'money',
    owner: { user: 'body.userId' },
    body: z.discriminatedUnion('tag', [
      itemsTransactionRequestSchema,
      businessItemsTransactionSchema,
    ]),
    responses: { 201: z.union([tripSchema, insuredItemListSchema]) },
    errors: [400, 401, 404, 409, 429],
  },
  alert: {
    method: 'POST',
    path: '/travel/trips/{tripId}/flights/{flightId}/alert',
    summary: 'The user reports a flight on time, delayed (to when) or cancelled',
    description:
      'Kept with its source. A delay must leave after the scheduled time (400 INVALID_PARAMS on delayDate). A cancelled flight takes no more reports (409 FLIGHT_ALERTED_OR_DEPARTED). 404 TRIP_NOT_FOUND, FLIGHT_NOT_FOUND.',
    access: 'signedIn',
    owner: { resource: 'trip' },
    params: tripFlightPathSchema,
    body: flightAlertRequestSchema,
    responses: { 201: flightAlertSchema },
    errors: [400, 401, 404, 409],
  },
  notifyAlert: {
    method: 'POST',
    path: '/travel/flights/notify-alert',
    summary: 'Ask for a fresh look at one of the user’s flights now',
    description:
      'The watcher asks the flight provider at once instead of at its next look; what it finds is recorded and published as usual. None of the user’s open trips has the flight: 409 NO_TRIPS_FOR_FLIGHT.',
    access: 'signedIn',
    owner: { user: 'body.userId' },
    body: notifyAlertRequestSchema,
    responses: { 202: notifyAlertAnswerSchema },
    errors: [400, 401, 404, 409],
  },
});
