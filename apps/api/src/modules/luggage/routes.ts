import { lostBagListSchema } from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInSecurity } from '../signed-in.ts';
import type { LuggageService } from './service.ts';
import { errorResponses } from '../responses.ts';

/** Lost luggage (spec 2 §7 "Luggage"): the read side. */
export const luggageRoutes: FastifyPluginAsyncZod<{ luggage: LuggageService }> = async (
  api,
  { luggage },
) => {
  api.get(
    '/travel/luggage/lost/bags',
    {
      schema: {
        tags: ['luggage'],
        summary: "The caller's lost-bag reports, newest first",
        security: signedInSecurity,
        response: { 200: lostBagListSchema, ...errorResponses(401) },
      },
    },
    (request) => luggage.listBags(request.caller),
  );
};
