import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lostBagAttachments, lostBags } from './tables.ts';

export type LostBagRow = typeof lostBags.$inferSelect;
export type BagAttachmentRow = typeof lostBagAttachments.$inferSelect;

export function luggageRepo(db: Db) {
  return {
    /** A user's bag reports, newest report first. */
    async listBags(userId: string, partnerId: string): Promise<LostBagRow[]> {
      return db
        .select()
        .from(lostBags)
        .where(and(eq(lostBags.userId, userId), eq(lostBags.partnerId, partnerId)))
        .orderBy(desc(lostBags.reportedOn), asc(lostBags.id));
    },

    async attachmentsOf(bagIds: string[]): Promise<BagAttachmentRow[]> {
      if (bagIds.length === 0) return [];
      return db
        .select()
        .from(lostBagAttachments)
        .where(inArray(lostBagAttachments.bagId, bagIds))
        .orderBy(asc(lostBagAttachments.createdAt), asc(lostBagAttachments.id));
    },
  };
}
export type LuggageRepo = ReturnType<typeof luggageRepo>;
