import { policyListSchema, userPathSchema } from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelf } from '../../plugins/auth.ts';
import { errorResponses } from '../responses.ts';
import { signedInSecurity } from '../signed-in.ts';
import type { PoliciesService } from './service.ts';

/** A user's policies (spec 1 §7 "Policies"). Inside `authenticated`. */
export const policiesRoutes: FastifyPluginAsyncZod<{ policies: PoliciesService }> = async (
  api,
  { policies },
) => {
  api.get(
    '/platform/users/:id/policies',
    {
      schema: {
        tags: ['policies'],
        summary: "The user's active policies, open-ended first, then latest end date first",
        security: signedInSecurity,
        params: userPathSchema,
        response: { 200: policyListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.id);
      return policies.listForUser(request.caller);
    },
  );
};
