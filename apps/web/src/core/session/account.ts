import type { UserDetails } from '@tern/domain/accounts/schemas';
import { hashKey, useQuery, type QueryClient } from '@tanstack/react-query';
import { isRecord } from '../../lib/is-record.ts';
import { storedValue } from '../../lib/storage.ts';
import { datasetQueryKey } from '../data/dataset.ts';
import { sessionStore } from './session-store.ts';
import { useSession } from './use-logged-in.ts';

/**
 * The signed-in user's details live in the query cache, under USER_DETAILS (spec 1 §3), as
 * every other server datum. Spec 1 §4 "Persistence: account": they are also kept in local
 * storage, so the header and greeting show the name at once on a reload, before USER_DETAILS
 * answers again. Only the session's own user's details count, and every end of a session
 * removes them.
 */
const saved = storedValue<UserDetails>('account', (raw) =>
  isRecord(raw) && typeof raw.id === 'string' && typeof raw.firstName === 'string'
    ? (raw as UserDetails)
    : undefined,
);

const accountKey = (userId: string) => datasetQueryKey(userId, 'USER_DETAILS');

/**
 * Puts the saved details of this tab's user into a new `client`, as stale, so the data loading
 * fetches them again.
 */
export function restoreAccount(client: QueryClient): void {
  const userId = sessionStore.get()?.userId;
  const account = saved.read();
  if (userId && account?.id === userId)
    client.setQueryData(accountKey(userId), account, { updatedAt: 0 });
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

/** The signed-in user's details, once loaded (or restored); reading never fetches. */
export function useAccount(): UserDetails | undefined {
  const userId = useSession()?.userId ?? '';
  return useQuery<UserDetails>({ queryKey: accountKey(userId), enabled: false }).data;
}
