import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { documents } from '../documents/tables.ts';
import {
  bankingConsents,
  claimAttachments,
  claimEvents,
  claimNumbers,
  insuredItems,
  itemAlerts,
  itemPermissions,
  triggerFeedCursors,
} from './tables.ts';

export type InsuredItemRow = typeof insuredItems.$inferSelect;
export type ItemPermissionRow = typeof itemPermissions.$inferSelect;
export type ItemAlertRow = typeof itemAlerts.$inferSelect;
export type ClaimEventRow = typeof claimEvents.$inferSelect;
export type NewClaimEvent = Omit<typeof claimEvents.$inferInsert, 'alertId'>;
export type ConsentRow = typeof bankingConsents.$inferSelect;
/** A claim with the item fields it is shown with. */
export type ItemAlertWithItem = {
  alert: ItemAlertRow;
  item: Pick<InsuredItemRow, 'properties' | 'externalPolicyNumber'>;
};
/** A claim's file with the state the documents area keeps of it. */
export interface ClaimFileRow {
  alertId: string;
  documentId: string;
  year: number;
  month: number;
  name: string;
  size: number;
  state: string;
}

export interface ItemAlertFilter {
  active?: boolean | undefined;
  itemId?: string | undefined;
  alertId?: string | undefined;
}

/** What a change of a locked claim writes: its new fields and the timeline entries it makes. */
export interface AlertChange<Result> {
  patch?: Partial<
    Pick<ItemAlertRow, 'status' | 'completed' | 'confirmed' | 'datasets' | 'payouts'>
  >;
  events?: NewClaimEvent[];
  /** Files attached to the claim in the same commit. */
  files?: Omit<typeof claimAttachments.$inferInsert, 'alertId'>[];
  result: Result;
}

/** What a change may read under the claim's lock, on the locking connection. */
export interface LockedReads {
  files(): Promise<Pick<ClaimFileRow, 'documentId' | 'year' | 'month'>[]>;
}

/** A claim's status change, as the transaction that makes it hands it on. */
export interface ClaimStatusChange {
  alert: ItemAlertRow;
  /** The insured item's holder and partner. */
  owner: { userId: string; partnerId: string };
  /** Null when the claim has just opened. */
  previous: string | null;
}

/**
 * `statusChanged`: done in the transaction of every change of a claim's status, opening
 * included (the partner's event), so what it raises exists if and only if the change commits.
 */
export function claimsRepo(
  db: Db,
  options: { statusChanged?: (tx: Tx, change: ClaimStatusChange) => Promise<void> } = {},
) {
  const ownedBy = (userId: string, partnerId: string) =>
    and(eq(insuredItems.userId, userId), eq(insuredItems.partnerId, partnerId));

  /** Hands a status change on, with the item's owner read in the same transaction. */
  const statusChanged = async (tx: Tx, alert: ItemAlertRow, previous: string | null) => {
    if (!options.statusChanged || alert.status === previous) return;
    const [owner] = await tx
      .select({ userId: insuredItems.userId, partnerId: insuredItems.partnerId })
      .from(insuredItems)
      .where(eq(insuredItems.id, alert.itemId));
    if (owner) await options.statusChanged(tx, { alert, owner, previous });
  };

  return {
    // ── Items ──────────────────────────────────────────────────────────────────────────
    /** A user's active items in the order they were insured. */
    async listItems(userId: string, partnerId: string): Promise<InsuredItemRow[]> {
      return db
        .select()
        .from(insuredItems)
        .where(and(ownedBy(userId, partnerId), eq(insuredItems.active, true)))
        .orderBy(asc(insuredItems.createdAt), asc(insuredItems.id));
    },

    /** An active item (of its owner, when one is given). */
    async findItem(
      itemId: string,
      owner?: { userId: string; partnerId: string },
    ): Promise<InsuredItemRow | undefined> {
      const [row] = await db
        .select()
        .from(insuredItems)
        .where(
          and(
            eq(insuredItems.id, itemId),
            eq(insuredItems.active, true),
            owner ? ownedBy(owner.userId, owner.partnerId) : undefined,
          ),
        );
      return row;
    },

    /** New items with the permissions their cover depends on, in one commit. */
    async insertItems(
      rows: (typeof insuredItems.$inferInsert)[],
      permissions: (item: InsuredItemRow) => (typeof itemPermissions.$inferInsert)[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const items = await tx.insert(insuredItems).values(rows).returning();
        const granted = items.flatMap(permissions);
        if (granted.length > 0) await tx.insert(itemPermissions).values(granted);
      });
    },

    async updateItem(
      itemId: string,
      patch: Partial<Pick<InsuredItemRow, 'properties' | 'active'>>,
      now: Date,
    ): Promise<void> {
      await db
        .update(insuredItems)
        .set({ ...patch, updatedAt: now })
        .where(eq(insuredItems.id, itemId));
    },

    async permissionsOf(itemIds: string[]): Promise<ItemPermissionRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select()
        .from(itemPermissions)
        .where(inArray(itemPermissions.itemId, itemIds))
        .orderBy(asc(itemPermissions.permission));
    },

    /** Grants or withdraws BANKING on every item of a user (a consent covers their businesses). */
    async setBanking(userId: string, partnerId: string, granted: boolean, now: Date) {
      const items = db
        .select({ id: insuredItems.id })
        .from(insuredItems)
        .where(ownedBy(userId, partnerId));
      await db
        .update(itemPermissions)
        .set({ granted, grantedAt: granted ? now : null })
        .where(
          and(eq(itemPermissions.permission, 'BANKING'), inArray(itemPermissions.itemId, items)),
        );
    },

    // ── Claims ─────────────────────────────────────────────────────────────────────────
    /** Claims on the user's items, newest alert first. */
    async listAlerts(
      userId: string,
      partnerId: string,
      filter: ItemAlertFilter,
    ): Promise<ItemAlertWithItem[]> {
      const conditions: (SQL | undefined)[] = [ownedBy(userId, partnerId)];
      if (filter.active !== undefined) conditions.push(eq(itemAlerts.active, filter.active));
      if (filter.itemId) conditions.push(eq(itemAlerts.itemId, filter.itemId));
      if (filter.alertId) conditions.push(eq(itemAlerts.id, filter.alertId));
      return db
        .select({
          alert: itemAlerts,
          item: {
            properties: insuredItems.properties,
            externalPolicyNumber: insuredItems.externalPolicyNumber,
          },
        })
        .from(itemAlerts)
        .innerJoin(insuredItems, eq(insuredItems.id, itemAlerts.itemId))
        .where(and(...conditions))
        .orderBy(desc(itemAlerts.alertDate), asc(itemAlerts.id));
    },

    /** A claim with its item, owner and partner (for jobs, which act for nobody). */
    async alertFacts(alertId: string) {
      const [row] = await db
        .select({
          alert: itemAlerts,
          item: insuredItems,
        })
        .from(itemAlerts)
        .innerJoin(insuredItems, eq(insuredItems.id, itemAlerts.itemId))
        .where(eq(itemAlerts.id, alertId));
      return row;
    },

    /** The next number of the claim-number sequence. */
    async nextClaimNumber(): Promise<number> {
      const [row] = await db
        .execute<{ n: string }>(sql`select nextval(${claimNumbers.seqName}) as n`)
        .then((result) => result.rows);
      return Number(row!.n);
    },

    /**
     * Opens a claim with its first timeline entries, once per item and trigger event: another
     * instance that read the same event finds it made and opens nothing (undefined).
     */
    async openAlert(
      values: typeof itemAlerts.$inferInsert,
      events: NewClaimEvent[],
    ): Promise<ItemAlertRow | undefined> {
      return db.transaction(async (tx) => {
        const [alert] = await tx
          .insert(itemAlerts)
          .values(values)
          .onConflictDoNothing()
          .returning();
        if (!alert) return undefined;
        if (events.length > 0)
          await tx.insert(claimEvents).values(events.map((e) => ({ ...e, alertId: alert.id })));
        await statusChanged(tx, alert, null);
        return alert;
      });
    },

    /**
     * Changes a claim under its row lock, so concurrent calls (two tabs, two instances, a job)
     * each see the other's result: `decide` reads the locked row and says what to write; the
     * patch and its timeline entries commit together. Undefined when there is no such claim.
     */
    async changeAlert<Result>(
      alertId: string,
      decide: (
        alert: ItemAlertRow,
        reads: LockedReads,
      ) => Promise<AlertChange<Result>> | AlertChange<Result>,
      now: Date,
    ): Promise<{ alert: ItemAlertRow; result: Result } | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(itemAlerts)
          .where(eq(itemAlerts.id, alertId))
          .for('update');
        if (!locked) return undefined;
        // Reads and writes of rows that reference the claim go through `tx`: on another
        // connection their foreign-key check would wait for this very lock.
        const change = await decide(locked, {
          files: () =>
            tx
              .select({
                documentId: claimAttachments.documentId,
                year: claimAttachments.year,
                month: claimAttachments.month,
              })
              .from(claimAttachments)
              .where(eq(claimAttachments.alertId, alertId)),
        });
        if (change.files && change.files.length > 0)
          await tx
            .insert(claimAttachments)
            .values(change.files.map((f) => ({ ...f, alertId })))
            .onConflictDoNothing();
        let alert = locked;
        if (change.patch && Object.keys(change.patch).length > 0)
          [alert] = (await tx
            .update(itemAlerts)
            .set({ ...change.patch, updatedAt: now })
            .where(eq(itemAlerts.id, alertId))
            .returning()) as [ItemAlertRow];
        if (change.events && change.events.length > 0)
          await tx.insert(claimEvents).values(change.events.map((e) => ({ ...e, alertId })));
        await statusChanged(tx, alert, locked.status);
        return { alert, result: change.result };
      });
    },

    /** Accepted claims with a payout row still waiting for its month to close or its figures. */
    async alertsWithOpenPayouts(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: itemAlerts.id })
        .from(itemAlerts)
        .where(
          and(
            eq(itemAlerts.confirmed, true),
            sql`${itemAlerts.payouts} @> '[{"status":"FUTURE"}]' or ${itemAlerts.payouts} @> '[{"status":"CONFIRM"}]'`,
          ),
        )
        .orderBy(asc(itemAlerts.alertDate))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The claim whose payout row holds a payment. */
    async alertOfPayment(paymentId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: itemAlerts.id })
        .from(itemAlerts)
        .where(
          sql`${itemAlerts.payouts} @> ${JSON.stringify([{ payment: { paymentId } }])}::jsonb`,
        );
      return row?.id;
    },

    // ── Timeline ───────────────────────────────────────────────────────────────────────
    async addEvents(alertId: string, events: NewClaimEvent[]): Promise<void> {
      if (events.length > 0)
        await db.insert(claimEvents).values(events.map((e) => ({ ...e, alertId })));
    },

    async eventsOf(alertId: string): Promise<ClaimEventRow[]> {
      return db
        .select()
        .from(claimEvents)
        .where(eq(claimEvents.alertId, alertId))
        .orderBy(desc(claimEvents.at), desc(claimEvents.id));
    },

    // ── Files ──────────────────────────────────────────────────────────────────────────
    async filesOf(alertIds: string[]): Promise<ClaimFileRow[]> {
      if (alertIds.length === 0) return [];
      return db
        .select({
          alertId: claimAttachments.alertId,
          documentId: claimAttachments.documentId,
          year: claimAttachments.year,
          month: claimAttachments.month,
          name: documents.name,
          size: documents.size,
          state: documents.state,
        })
        .from(claimAttachments)
        .innerJoin(documents, eq(documents.id, claimAttachments.documentId))
        .where(inArray(claimAttachments.alertId, alertIds))
        .orderBy(asc(claimAttachments.createdAt), asc(claimAttachments.documentId));
    },

    /** The claims a document is attached to. */
    async alertsOfFile(documentId: string): Promise<string[]> {
      const rows = await db
        .select({ alertId: claimAttachments.alertId })
        .from(claimAttachments)
        .where(eq(claimAttachments.documentId, documentId));
      return rows.map((r) => r.alertId);
    },

    // ── Open-banking consents ──────────────────────────────────────────────────────────
    async insertConsent(row: typeof bankingConsents.$inferInsert): Promise<ConsentRow> {
      const [created] = await db.insert(bankingConsents).values(row).returning();
      return created!;
    },

    async findConsent(
      consentId: string,
      owner: { userId: string; partnerId: string },
    ): Promise<ConsentRow | undefined> {
      const [row] = await db
        .select()
        .from(bankingConsents)
        .where(
          and(
            eq(bankingConsents.id, consentId),
            eq(bankingConsents.userId, owner.userId),
            eq(bankingConsents.partnerId, owner.partnerId),
          ),
        );
      return row;
    },

    /**
     * Moves a consent on only from the status it was read in (`from`): of two completions of
     * the same journey, one wins. Undefined for the one that lost.
     */
    async updateConsent(
      consentId: string,
      from: ConsentRow['status'],
      patch: Partial<typeof bankingConsents.$inferInsert>,
      now: Date,
    ): Promise<ConsentRow | undefined> {
      const [row] = await db
        .update(bankingConsents)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(bankingConsents.id, consentId), eq(bankingConsents.status, from)))
        .returning();
      return row;
    },

    /** A user's most recently granted consent (lapsed or not). */
    async grantedConsentOf(userId: string, partnerId: string): Promise<ConsentRow | undefined> {
      const [row] = await db
        .select()
        .from(bankingConsents)
        .where(
          and(
            eq(bankingConsents.userId, userId),
            eq(bankingConsents.partnerId, partnerId),
            eq(bankingConsents.status, 'granted'),
            isNotNull(bankingConsents.expiresAt),
          ),
        )
        .orderBy(desc(bankingConsents.grantedAt))
        .limit(1);
      return row;
    },

    // ── The trigger feed's cursor ──────────────────────────────────────────────────────
    async feedCursor(feed: string): Promise<string | null> {
      const [row] = await db
        .select({ cursor: triggerFeedCursors.cursor })
        .from(triggerFeedCursors)
        .where(eq(triggerFeedCursors.feed, feed));
      return row?.cursor ?? null;
    },

    /** Moves the cursor forward only (two readers: the later cursor stays). */
    async moveFeedCursor(feed: string, from: string | null, to: string | null): Promise<void> {
      if (to === null || to === from) return;
      await db
        .insert(triggerFeedCursors)
        .values({ feed, cursor: to })
        .onConflictDoUpdate({
          target: triggerFeedCursors.feed,
          set: { cursor: to, updatedAt: sql`now()` },
          setWhere: sql`${triggerFeedCursors.cursor} is null or ${triggerFeedCursors.cursor}::bigint < ${to}::bigint`,
        });
    },
  };
}
export type ClaimsRepo = ReturnType<typeof claimsRepo>;
