import type { HttpClient } from '../../lib/http.ts';
import { datasetStore } from '../data/dataset-store.ts';
import { accountStore } from './account-store.ts';
import { agentSessionStore } from './agent-session-store.ts';
import { authStore } from './auth-store.ts';
import { sessionStore } from './session-store.ts';

/** How long a logout call may take before the browser stops waiting for it. */
const LOGOUT_CALL_TIMEOUT_MS = 5000;

/**
 * Every piece of local state a session owns: token and id (and an agent's session kept
 * aside), account, auth, loaded datasets. The query cache follows the token (query-provider).
 * A failed session setup, logout, any 401 and a timeout all end here.
 */
export function clearLocalSession(): void {
  sessionStore.clear();
  agentSessionStore.clear();
  accountStore.clear();
  authStore.dispatch({ type: 'reset' });
  datasetStore.reset();
}

/** Ends a session on the server with `GET /platform/user/logout`; a failure changes nothing. */
export async function revokeSessions(http: HttpClient, tokens: readonly string[]): Promise<void> {
  const signal =
    typeof AbortSignal.timeout === 'function'
      ? AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS)
      : undefined;
  await Promise.allSettled(
    tokens.map((token) =>
      http.get('/platform/user/logout', { token, ...(signal ? { signal } : {}) }),
    ),
  );
}

/**
 * Logout (spec 1 §4): local state is cleared first, so it is cleared even when the call
 * fails; then the session (and an agent's own session kept aside) is ended on the server.
 * `revoke: false` after a 401, when the server has already ended it.
 */
export async function logout(
  http: HttpClient,
  { revoke = true }: { revoke?: boolean } = {},
): Promise<void> {
  const tokens = [sessionStore.getToken(), agentSessionStore.get()?.token].filter(
    (token): token is string => Boolean(token),
  );
  clearLocalSession();
  if (revoke) await revokeSessions(http, tokens);
}
