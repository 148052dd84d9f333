import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ROOT, AppError } from '@tern/domain';
import type { Caller, SessionsService } from '../modules/accounts/sessions-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set on every route registered inside `authenticated`. */
    caller: Caller;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registers `routes` so that each needs `Authorization: Bearer <token>` of a live session of
 * the api-key's partner (401 UNAUTHORISED otherwise, which logs the client out). Every write
 * made through a session an agent opened for a customer is written to the audit log, with
 * its outcome, whichever area's route it was.
 */
export async function authenticated(
  api: FastifyInstance,
  sessions: SessionsService,
  routes: (scope: FastifyInstance) => Promise<void>,
) {
  await api.register(async (scope) => {
    scope.decorateRequest('caller', null as unknown as Caller);
    scope.addHook('onRequest', async (request) => {
      request.caller = await sessions.authenticate(
        request.headers.authorization,
        request.partner.id,
      );
    });
    // onSend rather than onResponse: the entry is written before the answer leaves, so no
    // client ever sees an agent's write succeed without its audit record.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.caller?.agentId && WRITES.has(request.method)) {
        const route = (request.routeOptions.url ?? request.url).replace(API_ROOT, '');
        await sessions.recordAgentAction(
          request.caller,
          `${request.method} ${route}`,
          reply.statusCode,
        );
      }
      return payload;
    });
    await routes(scope);
  });
}

/**
 * Ownership: a caller may name only their own user id. Another user's id answers 404, as if
 * it did not exist, so ids cannot be probed.
 */
export function assertSelf(request: FastifyRequest, userId: string): void {
  if (request.caller.userId !== userId)
    throw new AppError('USER_NOT_FOUND', { message: `No user ${userId}` });
}

/**
 * Like `assertSelf`, but a session an agent opened for a customer may also name the agent
 * (spec 1 §6: the access profile is fetched for agentId when there is one).
 */
export function assertSelfOrAgent(request: FastifyRequest, userId: string): void {
  if (request.caller.agentId !== userId) assertSelf(request, userId);
}

/**
 * For what only the account holder may do (their second factor, their sign-in email): a
 * session an agent opened for them is refused with 403, so an agent cannot lock a customer out
 * or take the account over (a new email, then a reset link to it). 403, not 401: the agent's
 * session stays open.
 */
export function assertNotActing(request: FastifyRequest): void {
  if (request.caller.agentId)
    throw new AppError('ACCOUNT_HOLDER_ONLY', { message: 'Only the account holder may do this' });
}
