/**
 * What the bank's consent page sends the customer back to `/permissions/grant` with (the
 * OAuth-style redirect of the UK AIS journey): `?consent&code&state` once they allowed access,
 * `?error=access_denied` (or another error) when they did not.
 */
export type BankReturn =
  | { kind: 'granted'; consentId: string; code: string; state: string }
  | { kind: 'failed'; error: string };

/** The query parameters the bank adds, none of which the page keeps in the address. */
const RETURN_PARAMS = ['consent', 'code', 'state', 'error', 'error_description'] as const;

export function bankReturnOf(search: URLSearchParams): BankReturn | null {
  const error = search.get('error');
  if (error) return { kind: 'failed', error };
  const consentId = search.get('consent');
  const code = search.get('code');
  const state = search.get('state');
  return consentId && code && state ? { kind: 'granted', consentId, code, state } : null;
}

/**
 * Takes the bank's parameters out of the address bar at once, without a navigation: the code
 * is single-use and must not stay in the history, a bookmark or a shared link, nor be sent
 * again by a reload. (The router's own location keeps them for this visit; the page read them
 * once already.)
 */
export function forgetBankReturn(): void {
  const url = new URL(window.location.href);
  if (!RETURN_PARAMS.some((name) => url.searchParams.has(name))) return;
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Each code is exchanged once per page load, whatever mounts the page twice (React's strict
 * mode runs effects twice in development; a remount): the second asker gets the first answer.
 */
const completions = new Map<string, Promise<unknown>>();

export function completeOnce<T>(code: string, complete: () => Promise<T>): Promise<T> {
  const started = completions.get(code) as Promise<T> | undefined;
  if (started) return started;
  const completion = complete();
  completions.set(code, completion);
  return completion;
}
