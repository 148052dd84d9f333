import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from './tables.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;

export function outboxRepo(db: Db) {
  return {
    async insert(values: typeof outboxMessages.$inferInsert): Promise<void> {
      await db.insert(outboxMessages).values(values);
    },

    /** Newest first, optionally for one partner or one recipient. */
    async list(
      filter: { partnerId?: string; recipient?: string; limit?: number } = {},
    ): Promise<OutboxRow[]> {
      const where: SQL[] = [];
      if (filter.partnerId) where.push(eq(outboxMessages.partnerId, filter.partnerId));
      if (filter.recipient) where.push(eq(outboxMessages.recipient, filter.recipient));
      return db
        .select()
        .from(outboxMessages)
        .where(and(...where))
        .orderBy(desc(outboxMessages.seq))
        .limit(filter.limit ?? 100);
    },
  };
}
export type OutboxRepo = ReturnType<typeof outboxRepo>;
