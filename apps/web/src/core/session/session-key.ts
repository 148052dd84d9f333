import { STORAGE_PREFIX } from '../../lib/storage-prefix.ts';

/** The session's key in sessionStorage (under the storage prefix), apart so the bench can seed it. */
export const SESSION_STORAGE_KEY = 'session';

/** The full sessionStorage key of a tab's session (spec 1 §4). */
export const SESSION_STORAGE_FULL_KEY = `${STORAGE_PREFIX}${SESSION_STORAGE_KEY}`;

/**
 * The browser's side of a session (spec 1 §4): the bearer token and the user's id, plus what
 * the timeout needs. Not an API payload (the API's is the domain's `Session`), so it is
 * defined here.
 */
export type Session = {
  token: string;
  userId?: string;
  /** When the server stops accepting the token (ISO date-time). */
  expiresAt?: string;
  /** When this browser signed in (epoch ms): the 60-minute timeout counts from here. */
  startedAt?: number;
  /** Set when an agent acts for this user: the agent's own user id… */
  agentId?: string;
  /** …and name, shown beside the customer's while acting. */
  agentName?: string;
};
