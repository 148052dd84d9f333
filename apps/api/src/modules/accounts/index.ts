import { accountsContracts, isElevated, type HolderProof } from '@tern/domain';
import { registerContracts, type Caller } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { abuseLimits } from './abuse-limits.ts';
import { accountsJobs } from './jobs.ts';
import { accountsRoutes } from './routes.ts';
import { accountsServices } from './services.ts';
import { bearerToken, type SessionsService } from './sessions/sessions-service.ts';
import type { PartnerTokens } from './sso/partner-tokens.ts';
import type { Throttle } from './throttle.ts';
import type { UserRow } from './users-repo.ts';

export { usersRepo, type UserRow } from './users-repo.ts';
export {
  isTokenRefusal,
  refusedAs,
  type CustomerClaims,
  type PartnerTokens,
} from './sso/partner-tokens.ts';
export { MINUTE_MS, type Limit } from './limits.ts';
export type { SessionsService } from './sessions/sessions-service.ts';
export type { Throttle } from './throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opening and ending sessions, for areas that sign someone in (and tests). */
    sessions: SessionsService;
    /** Limits kept in the database (ADR 0004), for areas that limit what a user may try. */
    throttle: Throttle;
    /**
     * Proof that the account holder is at the keyboard (the password, or the TOTP code with
     * MFA on), for areas that guard a change as sign-in contact points are guarded.
     */
    proveHolder: (user: UserRow, proof: HolderProof) => Promise<void>;
    /**
     * A partner's signed tokens for its customers (ADR 0003), for areas that open sessions
     * from them as single sign-on does (the widget).
     */
    partnerTokens: PartnerTokens;
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
  app.decorate('throttle', accounts.throttle);
  app.decorate(
    'limitAbuse',
    abuseLimits({ throttle: accounts.throttle, scale: platform.config.ABUSE_LIMIT_SCALE }),
  );
  app.decorate('partnerTokens', accounts.tokens);
  app.decorate('proveHolder', (user: UserRow, proof: HolderProof) =>
    accounts.mfa.proveHolder(user, proof),
  );
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorate('signedIn', {
    authenticate: async (request) => {
      request.caller = await sessions.authenticate(
        request.headers.authorization,
        request.partner.id,
      );
    },
    authenticatePartner: async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (token && (await app.partners.isServerSecret(request.partner.id, token))) return;
      request.caller = await sessions.authenticate(
        request.headers.authorization,
        request.partner.id,
      );
    },
    recordAgentWrite: async (request, route, statusCode, partnerLevel) => {
      // A session that failed to authenticate has no caller, nor has a partner's back end;
      // agents acting for customers are audited, and staff on the partner's own records.
      const { caller } = request;
      if (!caller) return;
      const agent = caller.agentId
        ? caller
        : partnerLevel && isElevated(caller.roles)
          ? { ...caller, agentId: caller.userId }
          : undefined;
      if (agent)
        await sessions.recordAgentAction(
          agent,
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
  platform.jobs.register(accountsJobs, { accounts, log: app.log });
});
