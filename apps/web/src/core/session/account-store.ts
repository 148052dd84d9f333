import type { UserDetails } from '@tern/domain/accounts/schemas';
import { isRecord } from '../../lib/is-record.ts';
import { storedValue } from '../../lib/storage.ts';

/**
 * The signed-in user's details live in the query cache, under USER_DETAILS (spec 1 §3), as
 * every other server datum. Spec 1 §4 "Persistence: account": the cache's copy is also saved
 * in local storage, so the header and greeting show the name at once on a reload, before
 * USER_DETAILS answers again. The saved copy is only shown, never put in the cache: the data
 * loading after login must not count user details as loaded before the server has answered.
 * Only the session's own user's details count, and every end of a session removes them.
 */
export const saved = storedValue<UserDetails>('account', (raw) =>
  isRecord(raw) && typeof raw.id === 'string' && typeof raw.firstName === 'string'
    ? (raw as UserDetails)
    : undefined,
);

/** Every end of a session forgets the saved details, whatever the cache holds. */
export const forgetAccount = (): void => saved.remove();

/** The saved details of this tab's user, if any. */
export const savedFor = (userId: string | undefined): UserDetails | undefined => {
  const account = saved.read();
  return userId && account?.id === userId ? account : undefined;
};
