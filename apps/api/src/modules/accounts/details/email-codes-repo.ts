import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/unique-violation.ts';
import { codeRows } from '../code-rows.ts';
import { emailCodes, users } from '../tables.ts';

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/** SQL for the codes that confirm a new email address. */
export function emailCodesRepo(db: Db) {
  return {
    ...codeRows(db, emailCodes),

    /**
     * Uses the code and makes its address the account's, with the new locale, in one
     * transaction: 'used' when another request used the code first, 'taken' when another
     * account of the partner has the address by now.
     */
    async apply(
      code: EmailCodeRow,
      locale: string,
      now: Date,
    ): Promise<'changed' | 'used' | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const used = await tx
            .update(emailCodes)
            .set({ usedAt: now })
            .where(and(eq(emailCodes.id, code.id), isNull(emailCodes.usedAt)))
            .returning({ id: emailCodes.id });
          if (used.length === 0) return 'used';
          await tx
            .update(users)
            .set({ emailAddress: code.emailAddress, locale, updatedAt: now })
            .where(eq(users.id, code.userId));
          return 'changed';
        });
      } catch (error) {
        if (uniqueViolation(error) !== undefined) return 'taken';
        throw error;
      }
    },
  };
}
export type EmailCodesRepo = ReturnType<typeof emailCodesRepo>;
