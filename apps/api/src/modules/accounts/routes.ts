import { partnerPathSchema, supportRequestSchema, supportTicketSchema } from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticated } from '../../plugins/auth.ts';
import { agentRoutes } from './agent-routes.ts';
import type { AccountsServices } from './services.ts';
import type { SessionsService } from './sessions-service.ts';
import { signInRoutes } from './sign-in-routes.ts';
import type { SupportService } from './support-service.ts';
import { userRoutes } from './user-routes.ts';
import { errorResponses } from '../responses.ts';

/** The accounts area: support, sign-up and sign-in (api-key only), then the signed-in routes. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  support: SupportService;
  accounts: AccountsServices;
  sessions: SessionsService;
  authRateLimitMax: number;
}> = async (api, { support, accounts, sessions, authRateLimitMax }) => {
  api.post(
    '/platform/user/support/:partnerId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a support request to the partner',
        params: partnerPathSchema,
        body: supportRequestSchema,
        response: { 201: supportTicketSchema, ...errorResponses(400, 401, 404, 413) },
      },
      // People do not write more than a few support requests a minute.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const ticket = await support.submit(request.partner, request.params.partnerId, request.body);
      return reply.status(201).send(ticket);
    },
  );

  await api.register(signInRoutes, { accounts, perAddressMax: authRateLimitMax });
  await authenticated(api, sessions, async (scope) => {
    await userRoutes(scope, { accounts, sessions });
    await agentRoutes(scope, { agents: accounts.agents });
  });
};
