import { defineContracts } from '../contract.ts';
import { userIdQuerySchema } from '../user-scope.ts';
import { passengerListSchema, tripListSchema } from './schemas.ts';

/** Passengers and trips (spec 2 §7 "Travel"): the read side. */
export const travelContracts = defineContracts('travel', {
  passengers: {
    method: 'GET',
    path: '/travel/passengers',
    summary: "The user's active passengers, the account holder first",
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: passengerListSchema },
    errors: [400, 401, 404],
  },
  trips: {
    method: 'GET',
    path: '/travel/trips',
    summary: "The user's trips with flights, passengers and alerts",
    description: 'Sorted by first flight departure, newest first; trips without flights last.',
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: tripListSchema },
    errors: [400, 401, 404],
  },
});
