import type { UserDetails } from '@tern/domain/accounts/schemas';
import { hashKey, useQuery, type QueryClient } from '@tanstack/react-query';
import { isRecord } from '../../lib/is-record.ts';
import { storedValue } from '../../lib/storage.ts';
import { datasetQueryKey } from '../data/dataset.ts';
import { sessionStore } from './session-store.ts';
import { useSession } from './use-logged-in.ts';

/**
 * The signed-in user's details live in the query cache, under USER_DETAILS (spec 1 §3), as
 * every other server datum. Spec 1 §4 "Persistence: account": the cache's copy is also saved
 * in local storage, so the header and greeting show the name at once on a reload, before
 * USER_DETAILS answers again. The saved copy is only shown, never put in the cache: the data
 * loading after login must not count user details as loaded before the server has answered.
 * Only the session's own user's details count, and every end of a session removes them.
 */
const saved = storedValue<UserDetails>('account', (raw) =>
  isRecord(raw) && typeof raw.id === 'string' && typeof raw.firstName === 'string'
    ? (raw as UserDetails)
    : undefined,
);

const accountKey = (userId: string) => datasetQueryKey(userId, 'USER_DETAILS');

/** Changes the loaded details without a round trip (the API has just answered the change). */
export function updateAccount(
  client: QueryClient,
  userId: string,
  change: Partial<UserDetails>,
): void {
  client.setQueryData<UserDetails>(accountKey(userId), (details) =>
    details ? { ...details, ...change } : details,
  );
}

/**
 * Keeps the saved copy in step with the cache: each new answer is saved, and the copy goes
 * when the cache drops the entry (logout, another session). Answers the unsubscribe.
 */
export function keepAccountSaved(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    const current = sessionStore.get()?.userId;
    if (!current || event.query.queryHash !== hashKey(accountKey(current))) return;
    if (event.type === 'removed') saved.remove();
    else if (event.type === 'updated' && event.query.state.data)
      saved.write(event.query.state.data as UserDetails);
  });
}

/** Every end of a session forgets the saved details, whatever the cache holds. */
export const forgetAccount = (): void => saved.remove();

/** The saved details of this tab's user, if any. */
const savedFor = (userId: string | undefined): UserDetails | undefined => {
  const account = saved.read();
  return userId && account?.id === userId ? account : undefined;
};

/**
 * The signed-in user's details: the loaded ones, or until they arrive, the saved copy of the
 * same user. Reading never fetches.
 */
export function useAccount(): UserDetails | undefined {
  const userId = useSession()?.userId;
  return useQuery<UserDetails>({
    queryKey: accountKey(userId ?? ''),
    enabled: false,
    placeholderData: () => savedFor(userId),
  }).data;
}
