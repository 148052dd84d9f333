import { sessionStore } from '../session/session-store.ts';

/**
 * Reads started before React is there (`app/main.tsx`, a signed-in visit): each answer is
 * handed to the query of the same key the first time that query fetches, so the request
 * starts beside the app's download and is never sent twice. Framework-free on purpose: the
 * start-up script imports it.
 */
const started = new Map<string, { token: string | undefined; answer: Promise<unknown> }>();

/** Query keys here are arrays of strings: their JSON is TanStack Query's hash of them. */
const hashOf = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

export const earlyReads = {
  /** Sends a read now; its query takes the answer (or the failure) when it first fetches. */
  start(queryKey: readonly unknown[], read: () => Promise<unknown>): void {
    const answer = read();
    // Nobody may take it (the session ended first): not an unhandled rejection then.
    answer.catch(() => undefined);
    started.set(hashOf(queryKey), { token: sessionStore.getToken(), answer });
  },
  /**
   * The read started for this key, once, and only in the session it was started in (one that
   * ended before its stage came leaves it to nobody): a later fetch asks the API anew.
   */
  take<T>(queryKey: readonly unknown[]): Promise<T> | undefined {
    const hash = hashOf(queryKey);
    const read = started.get(hash);
    started.delete(hash);
    return read?.token === sessionStore.getToken() ? (read?.answer as Promise<T>) : undefined;
  },
  /** Forgets every read not taken (a test's next case). */
  clear: (): void => started.clear(),
};
