import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { otcSessions } from '../tables.ts';

export type OtcRow = typeof otcSessions.$inferSelect;

export function otcRepo(db: Db) {
  return {
    async insert(values: typeof otcSessions.$inferInsert): Promise<void> {
      await db.insert(otcSessions).values(values);
    },

    async find(sessionHash: string): Promise<OtcRow | undefined> {
      const [row] = await db
        .select()
        .from(otcSessions)
        .where(eq(otcSessions.sessionHash, sessionHash));
      return row;
    },

    /**
     * Takes one of the flow's tries before the code is compared, in one statement: however
     * many requests race, no more than `max` codes are ever checked. Undefined when none is left.
     */
    async takeAttempt(id: string, max: number): Promise<OtcRow | undefined> {
      const [row] = await db
        .update(otcSessions)
        .set({ attempts: sql`${otcSessions.attempts} + 1` })
        .where(
          and(eq(otcSessions.id, id), isNull(otcSessions.usedAt), lt(otcSessions.attempts, max)),
        )
        .returning();
      return row;
    },

    /** Marks the flow used; false when another request used it first. */
    async markUsed(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(otcSessions)
        .set({ usedAt: now })
        .where(and(eq(otcSessions.id, id), isNull(otcSessions.usedAt)))
        .returning({ id: otcSessions.id });
      return rows.length > 0;
    },
  };
}
export type OtcRepo = ReturnType<typeof otcRepo>;
