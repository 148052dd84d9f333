import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { ResolutionActor, ResolutionKind, ResolutionStatus } from '@tern/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { flightAlerts, trips } from '../travel/index.ts';
import { loungePasses, resolutionAlerts, resolutionEvents, resolutions } from './tables.ts';

export type ResolutionRow = typeof resolutions.$inferSelect;
export type NewResolution = typeof resolutions.$inferInsert;
export type ResolutionEventRow = typeof resolutionEvents.$inferSelect;
export type LoungePassRow = typeof loungePasses.$inferSelect;

/** Statuses whose cash counts against the policy cap: asked for, or paid. */
export const CAP_HOLDING: readonly ResolutionStatus[] = ['Requested', 'Confirmed'];

/**
 * Whose cap a trip's cash draws on: its policy (any case), or the trip itself without one.
 * Written once, in SQL: options take it when they are made, the answer reads the cap with it.
 */
export const capKeyOfTrip = sql`case when coalesce(${trips.policyNumber}, '') = ''
  then 'trip:' || ${trips.id}::text else 'policy:' || upper(${trips.policyNumber}) end`;

/** The cap key of a trip, read where an option is written. */
export const capKeyOfTripId = (tripId: string) =>
  sql`(select ${capKeyOfTrip} from ${trips} where ${trips.id} = ${tripId})`;

/**
 * The idempotency key of an attempt at a resolution's booking or payment:
 * `resolution-<id>-<attempt>`. The answer finds a resolution's payments by it (the returned
 * ones too), and a payment's change finds its resolution by it.
 */
export const ATTEMPT_KEY_PREFIX = 'resolution-';
export const attemptKeyOf = (resolutionId: string, attempt: number) =>
  `${ATTEMPT_KEY_PREFIX}${resolutionId}-${attempt}`;
const ATTEMPT_KEY = new RegExp(`^${ATTEMPT_KEY_PREFIX}([0-9a-f-]{36})-\\d+$`);
const resolutionOfKey = (key: string) => ATTEMPT_KEY.exec(key)?.[1];

/** An option as the engine makes it: its cap is its trip's (`capKeyOfTrip`). */
export type NewOption = Omit<NewResolution, 'capKey'> & { tripId: string };

export interface Move {
  to: ResolutionStatus;
  actor: ResolutionActor;
  agentId?: string | null;
  reason?: string | null;
  /** Other columns set with the status. */
  set?: Partial<NewResolution>;
}

/** What a move's transaction also does once the row has moved (the partner's event). */
export type OnMove = (tx: Tx, row: ResolutionRow, move: Move) => Promise<void>;

/**
 * `moved`: done in the transaction of every status move (a plain move then gets a transaction
 * of its own), so what it raises exists if and only if the move commits.
 */
export function resolutionsRepo(db: Db, options: { moved?: OnMove } = {}) {
  const { moved: onMove } = options;
  const event = (
    tx: Db | Tx,
    row: ResolutionRow,
    from: ResolutionStatus | null,
    move: Move,
    at: Date,
  ) =>
    tx.insert(resolutionEvents).values({
      resolutionId: row.id,
      fromStatus: from,
      toStatus: move.to,
      actor: move.actor,
      agentId: move.agentId ?? null,
      reason: move.reason ?? null,
      at,
    });

  /** Moves a resolution from `from` only: answers it moved, or undefined when it was not there. */
  const moveIn = async (tx: Tx, id: string, from: ResolutionStatus, move: Move, now: Date) => {
    const [moved] = await tx
      .update(resolutions)
      .set({ ...move.set, status: move.to, updatedAt: now })
      .where(and(eq(resolutions.id, id), eq(resolutions.status, from)))
      .returning();
    if (moved) {
      await event(tx, moved, from, move, now);
      await onMove?.(tx, moved, move);
    }
    return moved;
  };

  const capUsedIn = async (tx: Db | Tx, partnerId: string, capKey: string): Promise<number> => {
    const [row] = await tx
      .select({ used: sql<string>`coalesce(sum(${resolutions.paidAmount}), 0)` })
      .from(resolutions)
      .where(
        and(
          eq(resolutions.partnerId, partnerId),
          eq(resolutions.capKey, capKey),
          inArray(resolutions.status, [...CAP_HOLDING]),
        ),
      );
    return Number(row?.used ?? 0);
  };

  return {
    /**
     * Creates an alert's options once: the alert's row and its options in one transaction; a
     * second caller (another instance, the sweep) finds the alert answered and adds nothing.
     * A type the flight was already offered is not offered again. Answers the options made.
     */
    async answerAlert(alertId: string, rows: NewOption[], now: Date): Promise<ResolutionRow[]> {
      return db.transaction(async (tx) => {
        const [first] = await tx
          .insert(resolutionAlerts)
          .values({ alertId, options: rows.length, evaluatedAt: now })
          .onConflictDoNothing()
          .returning();
        if (!first || rows.length === 0) return [];
        const created = await tx
          .insert(resolutions)
          .values(
            rows.map((row) => ({
              ...row,
              capKey: capKeyOfTripId(row.tripId),
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning();
        for (const row of created)
          await event(tx, row, null, { to: row.status, actor: 'system' }, now);
        return created;
      });
    },

    /** Alerts since `since` the engine has not answered (a listener that failed, a crash). */
    async unansweredAlerts(since: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: flightAlerts.id })
        .from(flightAlerts)
        .leftJoin(resolutionAlerts, eq(resolutionAlerts.alertId, flightAlerts.id))
        .where(
          and(
            isNull(resolutionAlerts.alertId),
            gt(flightAlerts.createdAt, since),
            sql`${flightAlerts.alertType} <> 'ONTIME'`,
          ),
        )
        .orderBy(asc(flightAlerts.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async find(id: string): Promise<ResolutionRow | undefined> {
      const [row] = await db.select().from(resolutions).where(eq(resolutions.id, id));
      return row;
    },

    /** The caller's own resolution, else undefined (RESOLUTION_NOT_FOUND). */
    async findOwned(owner: Owner, id: string): Promise<ResolutionRow | undefined> {
      const [row] = await db
        .select()
        .from(resolutions)
        .where(
          and(
            eq(resolutions.id, id),
            eq(resolutions.userId, owner.userId),
            eq(resolutions.partnerId, owner.partnerId),
          ),
        );
      return row;
    },

    /** A flight's options in the partner's order. */
    async ofFlight(flightId: string): Promise<ResolutionRow[]> {
      return db
        .select()
        .from(resolutions)
        .where(eq(resolutions.flightId, flightId))
        .orderBy(asc(resolutions.position), asc(resolutions.createdAt));
    },

    /** Status changes of the resolutions, newest first. */
    async eventsOf(ids: string[]): Promise<ResolutionEventRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(resolutionEvents)
        .where(inArray(resolutionEvents.resolutionId, ids))
        .orderBy(desc(resolutionEvents.at), desc(resolutionEvents.seq));
    },

    async findPass(passId: string): Promise<LoungePassRow | undefined> {
      const [row] = await db.select().from(loungePasses).where(eq(loungePasses.id, passId));
      return row;
    },

    move: (id: string, from: ResolutionStatus, move: Move, now: Date) =>
      db.transaction((tx) => moveIn(tx, id, from, move, now)),

    /**
     * A cash claim under the cap: under a transaction lock on the cap, so parallel claims on
     * one policy see each other. `decide` answers the move to make from the cap used (or
     * throws to refuse); the move happens only from `from`.
     */
    async claimUnderCap(
      row: ResolutionRow,
      from: ResolutionStatus,
      decide: (capUsed: number) => Move,
      now: Date,
    ): Promise<ResolutionRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`cap:${row.partnerId}:${row.capKey}`}, 0))`,
        );
        // A parallel claim of the same option got here first: nothing to decide.
        const [current] = await tx
          .select({ status: resolutions.status })
          .from(resolutions)
          .where(eq(resolutions.id, row.id));
        if (current?.status !== from) return undefined;
        const move = decide(await capUsedIn(tx, row.partnerId, row.capKey));
        return moveIn(tx, row.id, from, move, now);
      });
    },

    /** A booked lounge: its status and its passes, together. */
    async bookLounge(
      row: ResolutionRow,
      from: ResolutionStatus,
      move: Move,
      passes: Omit<typeof loungePasses.$inferInsert, 'resolutionId'>[],
      now: Date,
    ): Promise<ResolutionRow | undefined> {
      return db.transaction(async (tx) => {
        const moved = await moveIn(tx, row.id, from, move, now);
        if (moved)
          await tx.insert(loungePasses).values(passes.map((p) => ({ ...p, resolutionId: row.id })));
        return moved;
      });
    },

    /** A combined option's kind, kept while it is in `from`; answers it, or undefined. */
    async choose(id: string, from: ResolutionStatus, kind: ResolutionKind, now: Date) {
      const [row] = await db
        .update(resolutions)
        .set({ chosenType: kind, updatedAt: now })
        .where(and(eq(resolutions.id, id), eq(resolutions.status, from)))
        .returning();
      return row;
    },

    /** Sets columns without a status change (offers found, a payment's id). */
    async update(id: string, set: Partial<NewResolution>, now: Date): Promise<void> {
      await db
        .update(resolutions)
        .set({ ...set, updatedAt: now })
        .where(eq(resolutions.id, id));
    },

    /**
     * The resolution a payment pays, by its idempotency key: found from the payment's first
     * change, before the resolution has noted the payment's id.
     */
    async byPayment(payment: { idempotencyKey: string; partnerId: string }) {
      const id = resolutionOfKey(payment.idempotencyKey);
      if (!id) return undefined;
      const [row] = await db
        .select()
        .from(resolutions)
        .where(and(eq(resolutions.id, id), eq(resolutions.partnerId, payment.partnerId)));
      return row;
    },

    /** Work left undone by a crash: cash confirmed with no payment, bookings requested long ago. */
    async stranded(before: Date): Promise<ResolutionRow[]> {
      return db
        .select()
        .from(resolutions)
        .where(
          and(
            sql`${resolutions.updatedAt} < ${before}`,
            sql`(
              (${resolutions.status} = 'Confirmed' and ${resolutions.paidAmount} > 0 and ${resolutions.paymentId} is null)
              or (${resolutions.status} = 'Requested' and not ${resolutions.manual}
                  and ${resolutions.type} in ('HOTEL', 'REBOOKING'))
            )`,
          ),
        )
        .limit(100);
    },
  };
}
export type ResolutionsRepo = ReturnType<typeof resolutionsRepo>;
