import { passengerListSchema, tripListSchema, userIdQuerySchema } from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelf } from '../../plugins/auth.ts';
import { signedInSecurity } from '../signed-in.ts';
import type { TravelService } from './service.ts';
import { errorResponses } from '../responses.ts';

/** Passengers and trips (spec 2 §7 "Travel"): the read side. */
export const travelRoutes: FastifyPluginAsyncZod<{ travel: TravelService }> = async (
  api,
  { travel },
) => {
  api.get(
    '/travel/passengers',
    {
      schema: {
        tags: ['travel'],
        summary: "The user's passengers, the account holder first",
        security: signedInSecurity,
        querystring: userIdQuerySchema,
        response: { 200: passengerListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.query.userId);
      return travel.listPassengers(request.caller);
    },
  );

  api.get(
    '/travel/trips',
    {
      schema: {
        tags: ['travel'],
        summary: "The user's trips with flights, passengers and alerts",
        description: 'Sorted by first flight departure, newest first; trips without flights last.',
        security: signedInSecurity,
        querystring: userIdQuerySchema,
        response: { 200: tripListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.query.userId);
      return travel.listTrips(request.caller);
    },
  );
};
