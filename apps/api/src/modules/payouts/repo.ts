import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payoutMethods } from './tables.ts';

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

export function payoutsRepo(db: Db) {
  return {
    /** A user's methods, the preferred one first, then in the order they were added. */
    async listMethods(userId: string, partnerId: string): Promise<PayoutMethodRow[]> {
      return db
        .select()
        .from(payoutMethods)
        .where(and(eq(payoutMethods.userId, userId), eq(payoutMethods.partnerId, partnerId)))
        .orderBy(
          desc(payoutMethods.preferred),
          asc(payoutMethods.createdAt),
          asc(payoutMethods.id),
        );
    },
  };
}
export type PayoutsRepo = ReturnType<typeof payoutsRepo>;
