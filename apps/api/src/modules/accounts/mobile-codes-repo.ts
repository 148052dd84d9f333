import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mobileCodes, users } from './tables.ts';

export type MobileCodeRow = typeof mobileCodes.$inferSelect;

/** SQL for the codes that confirm a changed mobile number. */
export function mobileCodesRepo(db: Db) {
  return {
    async insert(values: typeof mobileCodes.$inferInsert): Promise<void> {
      await db.insert(mobileCodes).values(values);
    },

    /** The user's newest unused code (only the latest counts). */
    async latest(userId: string): Promise<MobileCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(mobileCodes)
        .where(and(eq(mobileCodes.userId, userId), isNull(mobileCodes.usedAt)))
        .orderBy(desc(mobileCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Takes a try before the code is compared, in one statement (races take no more). */
    async takeAttempt(id: string, max: number): Promise<MobileCodeRow | undefined> {
      const [row] = await db
        .update(mobileCodes)
        .set({ attempts: sql`${mobileCodes.attempts} + 1` })
        .where(
          and(eq(mobileCodes.id, id), isNull(mobileCodes.usedAt), lt(mobileCodes.attempts, max)),
        )
        .returning();
      return row;
    },

    /**
     * Uses the code and confirms the number it was sent to, in one transaction, if that is
     * still the user's number; false when it is not (or another request used the code).
     */
    async confirm(code: MobileCodeRow, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(mobileCodes)
          .set({ usedAt: now })
          .where(and(eq(mobileCodes.id, code.id), isNull(mobileCodes.usedAt)))
          .returning({ id: mobileCodes.id });
        if (used.length === 0) return false;
        const confirmed = await tx
          .update(users)
          .set({ mobileConfirmed: true, updatedAt: now })
          .where(
            and(eq(users.id, code.userId), eq(users.mobilePhoneNumber, code.mobilePhoneNumber)),
          )
          .returning({ id: users.id });
        return confirmed.length > 0;
      });
    },
  };
}
export type MobileCodesRepo = ReturnType<typeof mobileCodesRepo>;
