import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { DONE_STATUSES, type BagStatus } from '@tern/domain';
import type { Db } from '../../db/client.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { bagEvents, lostBags } from '../luggage/tables.ts';
import { capKeyOfTripId, type ResolutionRow } from './repo.ts';
import { resolutionEvents, resolutions } from './tables.ts';

/** What the staged cash of a lost bag is judged on (the luggage area's bag and its events). */
export interface BagFacts {
  bagId: string;
  userId: string;
  partnerId: string;
  tripId: string;
  pir: string;
  /** YYYY-MM-DD HH:mm on the clock of the PIR's station. */
  reportedOnLocal: string;
  status: BagStatus;
  /** When the report was completed (its BAG_REPORTED_LOST); null while it is being written. */
  reportedAt: Date | null;
  /** When the bag was delivered; null while it is not. */
  deliveredAt: Date | null;
}

/** A stage's cash option as the engine opens it. */
export interface NewBagStage {
  stage: number;
  afterHours: number;
  amount: number;
  currency: string;
}

/**
 * Lost bags' options: the bags read from the luggage area's tables (the report's and the
 * delivery's times are its events), their cash stages written once each.
 */
export function bagOptionsRepo(db: Db) {
  async function factsOf(where: ReturnType<typeof and>): Promise<BagFacts | undefined> {
    const [bag] = await db.select().from(lostBags).where(where);
    if (!bag) return undefined;
    const events = await db
      .select({ status: bagEvents.status, at: bagEvents.at })
      .from(bagEvents)
      .where(
        and(
          eq(bagEvents.bagId, bag.id),
          inArray(bagEvents.status, ['BAG_REPORTED_LOST', 'BAG_DELIVERED']),
        ),
      );
    const when = (status: BagStatus) => events.find((e) => e.status === status)?.at ?? null;
    return {
      bagId: bag.id,
      userId: bag.userId,
      partnerId: bag.partnerId,
      tripId: bag.tripId,
      pir: bag.pir,
      reportedOnLocal: bag.reportedOnLocal,
      status: bag.status,
      // A report completed again after a correction counts from its first completion.
      reportedAt: bag.status === 'REPORTED' ? null : when('BAG_REPORTED_LOST'),
      deliveredAt: bag.status === 'BAG_DELIVERED' ? when('BAG_DELIVERED') : null,
    };
  }

  return {
    bag: (bagId: string) => factsOf(eq(lostBags.id, bagId)),

    /** The owner's own bag, else undefined (BAG_NOT_FOUND). */
    ownedBag: (owner: Owner, bagId: string) =>
      factsOf(
        and(
          eq(lostBags.id, bagId),
          eq(lostBags.userId, owner.userId),
          eq(lostBags.partnerId, owner.partnerId),
        ),
      ),

    /**
     * Opens a bag's stages once each (the unique bag and stage): a second caller (another
     * instance, the sweep, a bag's change) adds nothing. Its cash draws on its trip's cap.
     * Answers the options made.
     */
    async openStages(bag: BagFacts, stages: NewBagStage[], now: Date): Promise<ResolutionRow[]> {
      if (stages.length === 0) return [];
      return db.transaction(async (tx) => {
        const created = await tx
          .insert(resolutions)
          .values(
            stages.map((stage) => ({
              userId: bag.userId,
              partnerId: bag.partnerId,
              category: 'luggage',
              bagId: bag.bagId,
              stage: stage.stage,
              stageHours: stage.afterHours,
              capKey: capKeyOfTripId(bag.tripId),
              position: stage.stage,
              type: 'CASH',
              status: 'Initial' as const,
              amount: stage.amount,
              currency: stage.currency,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning();
        if (created.length > 0)
          await tx.insert(resolutionEvents).values(
            created.map((row) => ({
              resolutionId: row.id,
              fromStatus: null,
              toStatus: row.status,
              actor: 'system' as const,
              at: now,
            })),
          );
        return created;
      });
    },

    /**
     * Bags reported since `since` and not delivered (a delivery opens what was due before it),
     * with how many stages each has opened: the sweep's candidates.
     */
    async reportedSince(
      since: Date,
      limit: number,
    ): Promise<{ bagId: string; partnerId: string; opened: number }[]> {
      const opened = sql<number>`(select count(*)::int from ${resolutions}
        where ${resolutions.bagId} = ${lostBags.id})`;
      return db
        .select({ bagId: lostBags.id, partnerId: lostBags.partnerId, opened })
        .from(lostBags)
        .innerJoin(bagEvents, eq(bagEvents.bagId, lostBags.id))
        .where(
          and(
            eq(bagEvents.status, 'BAG_REPORTED_LOST'),
            gt(bagEvents.at, since),
            ne(lostBags.status, 'BAG_DELIVERED'),
          ),
        )
        .orderBy(asc(bagEvents.at))
        .limit(limit);
    },

    /**
     * Whether a bag's cash has been claimed or paid (or is being): the luggage area keeps such
     * a bag (403 BAG_RESOLUTION_PENDING on its withdrawal).
     */
    async cashHeld(bagId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: resolutions.id })
        .from(resolutions)
        .where(
          and(
            eq(resolutions.bagId, bagId),
            sql`(${resolutions.status} in (${sql.join(
              DONE_STATUSES.map((status) => sql`${status}`),
              sql`, `,
            )}) or ${resolutions.paymentId} is not null)`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
export type BagOptionsRepo = ReturnType<typeof bagOptionsRepo>;
