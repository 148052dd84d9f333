import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { codeRows } from '../code-rows.ts';
import { mobileCodes, users } from '../tables.ts';

export type MobileCodeRow = typeof mobileCodes.$inferSelect;

/** SQL for the codes that confirm a changed mobile number. */
export function mobileCodesRepo(db: Db) {
  return {
    ...codeRows(db, mobileCodes),

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
