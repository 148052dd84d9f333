import type { UserDetails } from '@tern/domain/accounts/schemas';
import { hashKey, useQuery, type QueryClient } from '@tanstack/react-query';
import { saved, savedFor } from './account-store.ts';
import { datasetQueryKey } from '../data/dataset.ts';
import { sessionStore } from './session-store.ts';
import { useSession } from './use-logged-in.ts';

/**
 * The signed-in user's details live in the query cache under USER_DETAILS (spec 1 §3), like
 * every other server datum; the copy saved for reloads is `account-store.ts`.
 */
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

/** How the portal writes a person's name: "Uma User". */
export const fullName = (person: { firstName: string; surname: string }): string =>
  `${person.firstName} ${person.surname}`;
