import { SESSION_TIMEOUT_MS } from '@tern/domain/constants';
import type { Session } from './session-store.ts';

/**
 * When a session is forced to end (spec 1 §9): 60 minutes from login, falling back to the
 * token's expiry when the login time is unknown. When both are known the earlier wins: past
 * its expiry the token is refused anyway. Undefined when neither is known.
 */
export function sessionDeadline(session: Session): number | undefined {
  const fromLogin =
    session.startedAt === undefined ? undefined : session.startedAt + SESSION_TIMEOUT_MS;
  const parsed = session.expiresAt === undefined ? Number.NaN : Date.parse(session.expiresAt);
  const expiry = Number.isNaN(parsed) ? undefined : parsed;
  if (fromLogin === undefined) return expiry;
  return expiry === undefined ? fromLogin : Math.min(fromLogin, expiry);
}
