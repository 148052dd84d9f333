import {
  actForRequestSchema,
  customerListSchema,
  customerSearchQuerySchema,
  sessionSchema,
} from '@tern/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AgentsService } from './agents-service.ts';
import { errorResponses } from '../responses.ts';
import { signedInSecurity } from '../signed-in.ts';

/** The agent console: find a customer of one's partner, act for them. Inside `authenticated`. */
export async function agentRoutes(scope: FastifyInstance, { agents }: { agents: AgentsService }) {
  const api = scope.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/platform/agent/customers',
    {
      schema: {
        tags: ['agents'],
        summary: "Search the partner's customers by email or name (at most 20)",
        description: 'AGENT or ADMIN only (401 REQUIRES_ELEVATED_ROLE otherwise).',
        security: signedInSecurity,
        querystring: customerSearchQuerySchema,
        response: { 200: customerListSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => agents.searchCustomers(request.caller, request.query.query),
  );

  api.post(
    '/platform/agent/act-for',
    {
      schema: {
        tags: ['agents'],
        summary: "Open a session of a customer that carries the agent's id",
        description:
          "Every write made with the answered token is audited under the agent's id; logging it out returns nothing to the agent's own session, which stays valid.",
        security: signedInSecurity,
        body: actForRequestSchema,
        response: { 201: sessionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await agents.actFor(request.caller, request.body.userId)),
  );
}
