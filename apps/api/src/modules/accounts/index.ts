import { accountsContracts } from '@tern/domain';
import { registerContracts, type Caller } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { defineAccountsJobs } from './jobs.ts';
import { accountsRoutes } from './routes.ts';
import { accountsServices } from './services.ts';
import type { SessionsService } from './sessions-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opening and ending sessions, for areas that sign someone in (and tests). */
    sessions: SessionsService;
  }
}

/**
 * Accounts and sessions: registration, the ways to sign in, MFA, password reset, support
 * requests, the user's details and access, and the agent console. It owns sessions, so it
 * provides the session steps every signed-in route of every area takes (`app.signedIn`).
 */
export const accountsModule = defineModule('accounts', ['partners'], (app, platform) => {
  const accounts = accountsServices(platform, app.partners);
  const { sessions } = accounts;
  app.decorate('sessions', sessions);
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorate('signedIn', {
    authenticate: async (request) => {
      request.caller = await sessions.authenticate(
        request.headers.authorization,
        request.partner.id,
      );
    },
    recordAgentWrite: async (request, route, statusCode) => {
      // A session that failed to authenticate has no caller; only agents' sessions are audited.
      if (request.caller?.agentId)
        await sessions.recordAgentAction(
          request.caller,
          route,
          statusCode,
          // Names only: what was changed is on the record, not what it was changed to.
          typeof request.body === 'object' && request.body !== null
            ? Object.keys(request.body).sort()
            : [],
        );
    },
  });
  registerContracts(
    app,
    accountsContracts,
    accountsRoutes(accounts, platform.config.AUTH_RATE_LIMIT_MAX, platform.live),
  );
  // A session that ends, on any instance, closes its event streams here.
  sessions.onEnded((sessionIds) => platform.live.endSessions(sessionIds));
  defineAccountsJobs(platform.jobs, accounts, app.log);
});
