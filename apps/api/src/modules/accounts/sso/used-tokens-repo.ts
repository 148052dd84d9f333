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
  };
}
export type UsedTokensRepo = ReturnType<typeof usedTokensRepo>;
