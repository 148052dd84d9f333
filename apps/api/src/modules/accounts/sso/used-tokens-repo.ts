import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { usedTokens } from '../tables.ts';

export function usedTokensRepo(db: Db) {
  return {
    /** Records a token id; false when it was recorded before (a replay). */
    async claim(partnerId: string, jti: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .insert(usedTokens)
        .values({ partnerId, jti, expiresAt })
        .onConflictDoNothing()
        .returning({ jti: usedTokens.jti });
      return rows.length > 0;
    },

    /** Whether a token id was recorded: a page may look at a token without using it up. */
    async isUsed(partnerId: string, jti: string): Promise<boolean> {
      const rows = await db
        .select({ jti: usedTokens.jti })
        .from(usedTokens)
        .where(and(eq(usedTokens.partnerId, partnerId), eq(usedTokens.jti, jti)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type UsedTokensRepo = ReturnType<typeof usedTokensRepo>;
