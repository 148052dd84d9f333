import { SESSION_TIMEOUT_MS } from '@tern/domain/constants';
import type { Session } from './session-store.ts';

/**
 * When a session is forced to end (spec 1 §9): 60 minutes from login on this browser's clock,
 * falling back to the token's expiry when the login time is unknown. The expiry is the
 * server's time, which this browser's clock may not agree with (a clock minutes off would end,
 * or keep, every session early or late; a widget's fresh session would time out at once).
 * Undefined when neither is known.
 */
export function sessionDeadline(session: Session): number | undefined {
  if (session.startedAt !== undefined) return session.startedAt + SESSION_TIMEOUT_MS;
  const parsed = session.expiresAt === undefined ? Number.NaN : Date.parse(session.expiresAt);
  return Number.isNaN(parsed) ? undefined : parsed;
}
