import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  mfaChallenges,
  otcSessions,
  passwordResets,
  rateLimits,
  sessions,
  usedTokens,
} from './tables.ts';

/** SQL of the accounts area's housekeeping: what has expired goes. */
export function cleanupRepo(db: Db) {
  return {
    /**
     * Deletes what expired before `now`, and limit windows opened before `windowsBefore`;
     * answers how many rows of each kind went.
     */
    async deleteExpired(now: Date, windowsBefore: Date): Promise<Record<string, number>> {
      const deletes = {
        sessions: db.delete(sessions).where(lt(sessions.expiresAt, now)),
        codes: db.delete(otcSessions).where(lt(otcSessions.expiresAt, now)),
        challenges: db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, now)),
        resetLinks: db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)),
        ssoTokenIds: db.delete(usedTokens).where(lt(usedTokens.expiresAt, now)),
        limitWindows: db.delete(rateLimits).where(lt(rateLimits.windowStart, windowsBefore)),
      };
      const results = await Promise.all(Object.values(deletes));
      return Object.fromEntries(
        Object.keys(deletes).map((kind, i) => [kind, results[i]?.rowCount ?? 0]),
      );
    },
  };
}
