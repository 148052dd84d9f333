import type { UserDetails } from '@tern/domain/accounts/schemas';
import { useSyncExternalStore } from 'react';
import { isRecord } from '../../lib/is-record.ts';
import { observableSlot } from '../../lib/observable-slot.ts';
import { storedValue } from '../../lib/storage.ts';
import { sessionStore } from './session-store.ts';

/**
 * The signed-in user's details, persisted in local storage (spec 1 §4 "Persistence": account)
 * so the header and greeting show the name at once on a reload, before USER_DETAILS returns.
 * It belongs to the session: it reads as absent when another user (or nobody) is signed in in
 * this tab, and every end of a session removes it.
 */
const slot = observableSlot(
  storedValue<UserDetails>('account', (raw) =>
    isRecord(raw) && typeof raw.id === 'string' && typeof raw.firstName === 'string'
      ? (raw as UserDetails)
      : undefined,
  ),
);

const read = (): UserDetails | undefined => {
  const account = slot.get();
  const userId = sessionStore.get()?.userId;
  return account && userId && account.id === userId ? account : undefined;
};

export const accountStore = {
  get: read,
  set: (account: UserDetails): void => slot.set(account),
  clear: (): void => slot.clear(),
  subscribe(listener: () => void): () => void {
    const stopAccount = slot.subscribe(listener);
    const stopSession = sessionStore.subscribe(listener);
    return () => {
      stopAccount();
      stopSession();
    };
  },
};

export function useAccount(): UserDetails | undefined {
  return useSyncExternalStore(accountStore.subscribe, accountStore.get, accountStore.get);
}
