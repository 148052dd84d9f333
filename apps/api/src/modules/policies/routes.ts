import { policyListSchema, userPathSchema } from '@tern/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertSelf, authenticated } from '../../plugins/auth.ts';
import type { SessionsService } from '../accounts/sessions-service.ts';
import type { PoliciesService } from './service.ts';
import { errorResponses } from '../responses.ts';
import { signedInSecurity } from '../signed-in.ts';

/** A user's policies (spec 1 §7 "Policies"). */
export const policiesRoutes: FastifyPluginAsync<{
  policies: PoliciesService;
  sessions: SessionsService;
}> = async (api, { policies, sessions }) => {
  await authenticated(api, sessions, async (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().get(
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
        return policies.listForUser(request.params.id);
      },
    );
  });
};
