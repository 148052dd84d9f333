/**
 * Reads started before React is there (`app/main.tsx`, a signed-in visit): each answer is
 * handed to the query of the same key the first time that query fetches, so the request
 * starts beside the app's download and is never sent twice. Framework-free on purpose: the
 * start-up script imports it.
 */
const started = new Map<string, Promise<unknown>>();

/** Query keys here are arrays of strings: their JSON is TanStack Query's hash of them. */
const hashOf = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

export const earlyReads = {
  /** Sends a read now; its query takes the answer (or the failure) when it first fetches. */
  start(queryKey: readonly unknown[], read: () => Promise<unknown>): void {
    const answer = read();
    // Nobody may take it (the session ended first): not an unhandled rejection then.
    answer.catch(() => undefined);
    started.set(hashOf(queryKey), answer);
  },
  /** The read started for this key, once: a later fetch of the query asks the API anew. */
  take<T>(queryKey: readonly unknown[]): Promise<T> | undefined {
    const hash = hashOf(queryKey);
    const answer = started.get(hash);
    started.delete(hash);
    return answer as Promise<T> | undefined;
  },
  /** Forgets every read not taken (the session ended; a test's next case). */
  clear: (): void => started.clear(),
};
