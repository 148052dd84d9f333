import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { passwordResets } from '../tables.ts';

export type ResetRow = typeof passwordResets.$inferSelect;

export function resetsRepo(db: Db) {
  return {
    /**
     * A new link for the user. Earlier unused links keep working until one of them is used:
     * when strangers ask for links to the owner's address, every one of them reaches the owner
     * and works, whatever order the emails arrive in (ADR 0010).
     */
    async insert(values: typeof passwordResets.$inferInsert): Promise<void> {
      await db.insert(passwordResets).values(values);
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

    /**
     * Uses a live link, once whatever races it, and ends the user's other links with it: one
     * reset per batch of links sent.
     */
    async use(tokenHash: string, partnerId: string, now: Date): Promise<ResetRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
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
        if (row)
          await tx
            .update(passwordResets)
            .set({ usedAt: now })
            .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
        return row;
      });
    },
  };
}
export type ResetsRepo = ReturnType<typeof resetsRepo>;
