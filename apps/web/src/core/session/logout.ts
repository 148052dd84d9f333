import type { ApiClient } from '../../lib/api-client.ts';
import { agentSessionStore } from './agent-session-store.ts';
import { clearLocalSession } from './local-session.ts';
import { sessionTabs } from './session-tabs.ts';
import { sessionStore } from './session-store.ts';

/** How long a logout call may take before the browser stops waiting for it. */
const LOGOUT_CALL_TIMEOUT_MS = 5000;

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
 * `revoke: false` after a 401, when the server has already ended it. The other tabs of the
 * portal holding an ended session drop it too, and the service worker forgets the lounge
 * passes it kept.
 */
export async function logout(
  api: ApiClient,
  { revoke = true }: { revoke?: boolean } = {},
): Promise<void> {
  const current = sessionStore.getToken();
  const tokens = [current, agentSessionStore.get()?.token].filter((token): token is string =>
    Boolean(token),
  );
  clearLocalSession();
  // After a 401 only the refused token is known to be over; the agent's own may live on in
  // another tab.
  sessionTabs.announceEnd(revoke ? tokens : tokens.filter((token) => token === current));
  forgetKeptPasses();
  if (revoke) await revokeSessions(api, tokens);
}

/**
 * The service worker (public/sw.js) forgets the lounge passes it kept for offline use. Asked
 * of the registration, not of this page's controller: a page loaded past the worker (a hard
 * reload) has none, and the passes must go all the same.
 */
function forgetKeptPasses(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: 'forget' }))
    .catch(() => undefined);
}
