import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets } from './tables.ts';

export type ResetRow = typeof passwordResets.$inferSelect;

export function resetsRepo(db: Db) {
  return {
    /** A new link for the user; any earlier unused link stops working (only the latest counts). */
    async replace(values: typeof passwordResets.$inferInsert, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, values.userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values(values);
      });
    },

    /** A link of the partner by its token's hash, live or not (to say why it no longer works). */
    async find(tokenHash: string, partnerId: string): Promise<ResetRow | undefined> {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(
          and(eq(passwordResets.tokenHash, tokenHash), eq(passwordResets.partnerId, partnerId)),
        );
      return row;
    },

    /** Uses a live link in one statement: it works once, whatever races it. */
    async use(tokenHash: string, partnerId: string, now: Date): Promise<ResetRow | undefined> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            eq(passwordResets.partnerId, partnerId),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}
export type ResetsRepo = ReturnType<typeof resetsRepo>;
