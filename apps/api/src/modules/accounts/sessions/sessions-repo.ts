import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Channel } from '../../../live/signals.ts';
import { sessions, users } from '../tables.ts';

/** The signal every instance hears when sessions end: a JSON array of their ids. */
export const SESSIONS_ENDED: Channel = 'tern_sessions';

/**
 * Revokes the live sessions `which` selects and, in the same statement, announces their ids
 * on SESSIONS_ENDED: the signal is sent if and only if the revocation commits.
 */
async function revokeWhere(db: Db, now: Date, which: SQL): Promise<void> {
  const ended = db.$with('ended').as(
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(which, isNull(sessions.revokedAt)))
      .returning({ id: sessions.id }),
  );
  await db
    .with(ended)
    .select({ sent: sql`pg_notify(${SESSIONS_ENDED}, json_agg(${ended.id})::text)` })
    .from(ended)
    .having(sql`count(*) > 0`);
}

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export function sessionsRepo(db: Db) {
  // Every authenticated request runs this: prepared once, so Drizzle builds its SQL once.
  const findLiveQuery = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A disabled account's sessions end with it, including one opened as it was disabled.
        isNull(users.disabledAt),
      ),
    )
    .prepare('sessions_find_live');

  return {
    async insert(values: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning();
      return row!;
    },

    /** The user signed in themself (the admin console's "last sign-in"). */
    async markSignIn(userId: string, at: Date): Promise<void> {
      await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
    },

    /**
     * The live session a token hash names, with its user; undefined when expired or revoked,
     * or when the user is disabled.
     */
    async findLive(
      tokenHash: string,
      now: Date,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await findLiveQuery.execute({ tokenHash, now });
      return row;
    },

    /** Ends a session; every instance hears of it when the update commits. */
    revoke: (id: string, now: Date) => revokeWhere(db, now, eq(sessions.id, id)),
    /**
     * Ends all of a user's sessions and those they opened acting for customers (a new
     * password, a disabled account); every instance hears of it.
     */
    revokeAllForUser: (userId: string, now: Date) =>
      revokeWhere(db, now, or(eq(sessions.userId, userId), eq(sessions.agentId, userId))!),
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
