import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@tern/domain';
import type { Caller, SessionsService } from '../modules/accounts/sessions-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set on every route registered inside `authenticated`. */
    caller: Caller;
  }
}

/**
 * Registers `routes` so that each needs `Authorization: Bearer <token>` of a live session of
 * the api-key's partner (401 UNAUTHORISED otherwise, which logs the client out).
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
