import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { OPEN_BAG_STATUSES, type BagStatus } from '@tern/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { bagEvents, lostBagAttachments, lostBags } from './tables.ts';

export type LostBagRow = typeof lostBags.$inferSelect;
export type NewLostBag = typeof lostBags.$inferInsert;
export type BagAttachmentRow = typeof lostBagAttachments.$inferSelect;
export type BagEventRow = typeof bagEvents.$inferSelect;
export type NewBagEvent = Omit<typeof bagEvents.$inferInsert, 'bagId'>;

const ownedBy = (owner: Owner) =>
  and(eq(lostBags.userId, owner.userId), eq(lostBags.partnerId, owner.partnerId));

export function luggageRepo(db: Db) {
  return {
    /** A user's bag reports, newest report first. */
    async listBags(userId: string, partnerId: string): Promise<LostBagRow[]> {
      return db
        .select()
        .from(lostBags)
        .where(ownedBy({ userId, partnerId }))
        .orderBy(desc(lostBags.reportedOn), desc(lostBags.createdAt), asc(lostBags.id));
    },

    /** The caller's own bag, or undefined (another user's bag is not found). */
    async findBag(owner: Owner, bagId: string): Promise<LostBagRow | undefined> {
      const [row] = await db
        .select()
        .from(lostBags)
        .where(and(eq(lostBags.id, bagId), ownedBy(owner)));
      return row;
    },

    /** A new report with its first event; throws the unique violation of a tag reported twice. */
    async insertBag(row: NewLostBag, first: NewBagEvent): Promise<LostBagRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(lostBags).values(row).returning();
        await tx.insert(bagEvents).values({ ...first, bagId: created!.id });
        return created!;
      });
    },

    async updateBag(
      bagId: string,
      set: Partial<Omit<NewLostBag, 'id' | 'userId' | 'partnerId'>>,
      now: Date,
    ): Promise<LostBagRow> {
      const [row] = await db
        .update(lostBags)
        .set({ ...set, updatedAt: now })
        .where(eq(lostBags.id, bagId))
        .returning();
      return row!;
    },

    async deleteBag(bagId: string): Promise<void> {
      await db.delete(lostBags).where(eq(lostBags.id, bagId));
    },

    /**
     * Records the statuses a bag reached, each once, and moves the bag to `status` when it
     * stands at one of `from` (by default, while its file is open) — in one transaction, so two
     * workers reading the same change record it once. Answers the events new to this call.
     * `along`: what the same transaction does when the bag's status changed (the partner's
     * event), given the bag as it now is and the status it left.
     */
    async recordEvents(
      bagId: string,
      events: NewBagEvent[],
      status: BagStatus,
      now: Date,
      from: readonly BagStatus[] = OPEN_BAG_STATUSES,
      along?: (tx: Tx, bag: LostBagRow, previous: BagStatus) => Promise<void>,
    ): Promise<BagEventRow[]> {
      if (events.length === 0) return [];
      return db.transaction(async (tx) => {
        const created = await tx
          .insert(bagEvents)
          .values(events.map((event) => ({ ...event, bagId })))
          .onConflictDoNothing()
          .returning();
        if (created.length === 0) return created;
        const [before] = await tx
          .select({ status: lostBags.status })
          .from(lostBags)
          .where(eq(lostBags.id, bagId))
          .for('update');
        const [moved] = await tx
          .update(lostBags)
          .set({ status, updatedAt: now })
          .where(and(eq(lostBags.id, bagId), inArray(lostBags.status, [...from])))
          .returning();
        if (moved && before && before.status !== status) await along?.(tx, moved, before.status);
        return created;
      });
    },

    /** Bags whose tracing file is open: what the tracing job reads, oldest report first. */
    async openBags(): Promise<LostBagRow[]> {
      return db
        .select()
        .from(lostBags)
        .where(inArray(lostBags.status, [...OPEN_BAG_STATUSES]))
        .orderBy(asc(lostBags.reportedOn));
    },

    /** Open bags with this file reference (one file may cover several bags). */
    async openBagsOfPir(pir: string): Promise<LostBagRow[]> {
      return db
        .select()
        .from(lostBags)
        .where(and(eq(lostBags.pir, pir), inArray(lostBags.status, [...OPEN_BAG_STATUSES])));
    },

    /** Each bag's events, oldest first. */
    async eventsOf(bagIds: string[]): Promise<BagEventRow[]> {
      if (bagIds.length === 0) return [];
      return db
        .select()
        .from(bagEvents)
        .where(inArray(bagEvents.bagId, bagIds))
        .orderBy(asc(bagEvents.at), asc(bagEvents.recordedAt));
    },

    async attachmentsOf(bagIds: string[]): Promise<BagAttachmentRow[]> {
      if (bagIds.length === 0) return [];
      return db
        .select()
        .from(lostBagAttachments)
        .where(inArray(lostBagAttachments.bagId, bagIds))
        .orderBy(asc(lostBagAttachments.createdAt), asc(lostBagAttachments.id));
    },

    /** Attaches a document; throws the unique violation of a second image. */
    async insertAttachment(row: typeof lostBagAttachments.$inferInsert): Promise<BagAttachmentRow> {
      const [created] = await db.insert(lostBagAttachments).values(row).returning();
      return created!;
    },
  };
}
export type LuggageRepo = ReturnType<typeof luggageRepo>;
