import type { Role } from '@tern/domain/constants';
import type { UserAccess, UserDetails } from '@tern/domain/accounts/schemas';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { ReportedError } from '../../lib/reported-error.ts';
import { datasetQuery } from '../data/dataset.ts';
import { accessQuery, userDetailsDataset } from './session-queries.ts';
import { authStore } from './auth-store.ts';
import { clearLocalSession } from './local-session.ts';
import { sessionStore } from './session-store.ts';
import { recordSignInError } from './sign-in-error.ts';

/** What login, one-time code, SSO, MFA, registration and acting for a customer answer. */
export type SignedIn = { userId: string; token: string; expiresAt?: string; agentId?: string };

/** The session could not be set up; the error handler has already shown why. */
export class SessionSetupError extends ReportedError {
  constructor(cause: unknown) {
    super('session setup failed', cause);
    this.name = 'SessionSetupError';
  }
}

export type EstablishOptions = { loginRoles?: Role[]; startedAt?: number; agentName?: string };

type Deps = { api: ApiClient; queryClient: QueryClient; partnerId: string };

/**
 * Starts a session (spec 1 §4): token and id into session storage, then the user's details
 * and access (roles, partner, agent, access profile) before anything else is shown. A failed
 * setup clears the stored token and id again and records the error in the auth state.
 * `loginRoles` keeps an agent's roles (and `agentName` their name) while acting for a
 * customer; `startedAt` keeps the login time of a session that is put back (the timeout
 * counts from the original login).
 */
export async function establishSession(
  { api, queryClient, partnerId }: Deps,
  signedIn: SignedIn,
  { loginRoles, startedAt = Date.now(), agentName }: EstablishOptions = {},
): Promise<UserDetails> {
  sessionStore.start({
    token: signedIn.token,
    userId: signedIn.userId,
    startedAt,
    ...(signedIn.expiresAt ? { expiresAt: signedIn.expiresAt } : {}),
    ...(signedIn.agentId ? { agentId: signedIn.agentId } : {}),
    ...(signedIn.agentId && agentName ? { agentName } : {}),
  });
  const context = { api, userId: signedIn.userId, partnerId };
  try {
    // The same queries the session runtime reads: one request each, and failures reach the
    // error handler through the query cache (a 401 logs out, others show a toast).
    const [user, access] = await Promise.all([
      queryClient.query(datasetQuery(userDetailsDataset, context)),
      queryClient.query(accessQuery(context)),
    ]);
    applyAccess(access, { agentId: signedIn.agentId, loginRoles: loginRoles ?? access.roles });
    return user;
  } catch (error) {
    clearLocalSession();
    recordSignInError(error);
    throw new SessionSetupError(error);
  }
}

/**
 * The roles and login actions of spec 1 §4 for an access answer: at sign-in, and again each
 * time the session runtime refreshes it. `loginRoles` is left as it is unless given (an agent
 * acting keeps theirs).
 */
export function applyAccess(
  access: UserAccess,
  { agentId, loginRoles }: { agentId?: string | undefined; loginRoles?: Role[] | undefined },
): void {
  authStore.dispatch({
    type: 'roles',
    roles: access.roles,
    partnerId: access.accessGroup.partnerId,
    agentId: access.agentId ?? agentId,
    accessProfile: access.accessProfile,
    ...(loginRoles ? { loginRoles } : {}),
  });
  authStore.dispatch({ type: 'login' });
}
