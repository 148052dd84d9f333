import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mfaChallenges, users } from '../tables.ts';

/** SQL of login challenges and of the MFA columns of users. */
export function mfaRepo(db: Db) {
  return {
    async insertChallenge(values: typeof mfaChallenges.$inferInsert): Promise<void> {
      await db.insert(mfaChallenges).values(values);
    },

    /**
     * Takes one try of a live challenge before its code is compared (one statement, so racing
     * requests cannot check more than `max` codes). Undefined when the challenge is unknown,
     * used, expired or out of tries.
     */
    async takeAttempt(tokenHash: string, now: Date, max: number) {
      const [row] = await db
        .update(mfaChallenges)
        .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
        .where(
          and(
            eq(mfaChallenges.tokenHash, tokenHash),
            isNull(mfaChallenges.usedAt),
            gt(mfaChallenges.expiresAt, now),
            lt(mfaChallenges.attempts, max),
          ),
        )
        .returning();
      return row;
    },

    async markUsed(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
        .returning({ id: mfaChallenges.id });
      return rows.length > 0;
    },

    async setPendingSecret(userId: string, encrypted: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ mfaPendingSecret: encrypted, updatedAt: now })
        .where(eq(users.id, userId));
    },

    /** The pending secret becomes the one in use. */
    async enable(userId: string, encrypted: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ mfaEnabled: true, mfaSecret: encrypted, mfaPendingSecret: null, updatedAt: now })
        .where(eq(users.id, userId));
    },

    async disable(userId: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, updatedAt: now })
        .where(eq(users.id, userId));
    },
  };
}
export type MfaRepo = ReturnType<typeof mfaRepo>;
