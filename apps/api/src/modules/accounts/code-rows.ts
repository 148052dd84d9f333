import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { emailCodes, mobileCodes } from './tables.ts';

/** The tables of codes that confirm a new contact point: the same columns but the address. */
type CodeTable = typeof mobileCodes | typeof emailCodes;

/**
 * What the code tables share: a user's newest unused code (only the latest counts) and a try
 * taken before a code is compared, in one statement (parallel tries take no more).
 */
export function codeRows<T extends CodeTable>(db: Db, table: T) {
  type Row = T['$inferSelect'];
  const t = table as typeof mobileCodes; // the shared columns, typed once
  return {
    async insert(values: T['$inferInsert']): Promise<void> {
      await db.insert(table).values(values as never);
    },

    async latest(userId: string): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(table as typeof mobileCodes)
        .where(and(eq(t.userId, userId), isNull(t.usedAt)))
        .orderBy(desc(t.createdAt))
        .limit(1);
      return row;
    },

    async takeAttempt(id: string, max: number): Promise<Row | undefined> {
      const [row] = await db
        .update(t)
        .set({ attempts: sql`${t.attempts} + 1` })
        .where(and(eq(t.id, id), isNull(t.usedAt), lt(t.attempts, max)))
        .returning();
      return row;
    },
  };
}
