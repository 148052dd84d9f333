import type { ApiClient } from '../../lib/api-client.ts';
import { datasetStore } from '../data/dataset-store.ts';
import { forgetAccount } from './account-store.ts';
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
  forgetAccount();
  authStore.dispatch({ type: 'reset' });
  datasetStore.reset();
}

/** Ends sessions on the server (`accounts.logout`); a failure changes nothing. */
export async function revokeSessions(api: ApiClient, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  const signal =
    typeof AbortSignal.timeout === 'function'
      ? AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS)
      : undefined;
  // The contract (and zod with it) is not part of the first download: logging out is rare.
  const calls = import('@tern/domain/accounts/contracts').then(({ accountsContracts }) =>
    Promise.allSettled(
      tokens.map((token) => api.call(accountsContracts.logout, {}, { token, signal })),
    ),
  );
  await calls.catch(() => undefined);
}

/**
 * Logout (spec 1 §4): local state is cleared first, so it is cleared even when the call
 * fails; then the session (and an agent's own session kept aside) is ended on the server.
 * `revoke: false` after a 401, when the server has already ended it.
 */
export async function logout(
  api: ApiClient,
  { revoke = true }: { revoke?: boolean } = {},
): Promise<void> {
  const tokens = [sessionStore.getToken(), agentSessionStore.get()?.token].filter(
    (token): token is string => Boolean(token),
  );
  clearLocalSession();
  // The service worker (public/sw.js) forgets the lounge passes it kept for offline use.
  if (typeof navigator !== 'undefined')
    navigator.serviceWorker?.controller?.postMessage({ type: 'forget' });
  if (revoke) await revokeSessions(api, tokens);
}
