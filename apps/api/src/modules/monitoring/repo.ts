import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Breach, MonitoredDataType } from '@tern/domain';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import {
  monitoredItems,
  monitoringAlertActions,
  monitoringAlerts,
  monitoringBreaches,
  monitoringCardReplacements,
  monitoringFeedCursors,
  monitoringSubscribers,
} from './tables.ts';

export type SubscriberRow = typeof monitoringSubscribers.$inferSelect;
export type MonitoredItemRow = typeof monitoredItems.$inferSelect;
export type NewMonitoredItem = typeof monitoredItems.$inferInsert;
export type MonitoringAlertRow = typeof monitoringAlerts.$inferSelect;
export type NewMonitoringAlert = typeof monitoringAlerts.$inferInsert;
export type BreachRow = typeof monitoringBreaches.$inferSelect;
export type AlertActionRow = typeof monitoringAlertActions.$inferSelect;
export type AlertWithItem = {
  alert: MonitoringAlertRow;
  item: Pick<MonitoredItemRow, 'dataType' | 'friendlyName' | 'displayValue' | 'country'>;
  breach: BreachRow;
  actionsTotal: number;
  actionsCompleted: number;
};

const actionCounts = {
  actionsTotal: sql<number>`(select count(*)::int from ${monitoringAlertActions} a where a.alert_id = ${monitoringAlerts.id})`,
  actionsCompleted: sql<number>`(select count(*)::int from ${monitoringAlertActions} a where a.alert_id = ${monitoringAlerts.id} and a.completed)`,
};

export function monitoringRepo(db: Db) {
  const alertsQuery = (where: SQL | undefined) =>
    db
      .select({
        alert: monitoringAlerts,
        item: {
          dataType: monitoredItems.dataType,
          friendlyName: monitoredItems.friendlyName,
          displayValue: monitoredItems.displayValue,
          country: monitoredItems.country,
        },
        breach: monitoringBreaches,
        ...actionCounts,
      })
      .from(monitoringAlerts)
      .innerJoin(monitoredItems, eq(monitoredItems.id, monitoringAlerts.itemId))
      .innerJoin(monitoringBreaches, eq(monitoringBreaches.name, monitoringAlerts.breachName))
      .where(where)
      .orderBy(
        desc(monitoringAlerts.severityScore),
        desc(monitoringAlerts.detectedOn),
        asc(monitoringAlerts.id),
      );

  return {
    async findSubscriber(userId: string): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .select()
        .from(monitoringSubscribers)
        .where(eq(monitoringSubscribers.userId, userId));
      return row;
    },

    /**
     * Subscribes, or re-subscribes, a user; a live subscription is left as it is. `created`
     * is true when this call subscribed them (the initial scan is then queued).
     */
    async subscribe(
      userId: string,
      partnerId: string,
      now: Date,
    ): Promise<{ row: SubscriberRow; created: boolean }> {
      const [inserted] = await db
        .insert(monitoringSubscribers)
        .values({ userId, partnerId, subscribed: true, subscribedAt: now })
        .onConflictDoNothing()
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [row] = await db
        .update(monitoringSubscribers)
        .set({ subscribed: true, unsubscribedAt: null })
        .where(eq(monitoringSubscribers.userId, userId))
        .returning();
      return { row: row!, created: false };
    },

    /** Takes a queued scan (one runner only): what it will check. */
    async startScan(userId: string, itemsTotal: number, now: Date) {
      const [row] = await db
        .update(monitoringSubscribers)
        .set({
          initialScanStatus: 'running',
          scanStartedAt: now,
          scanItemsTotal: itemsTotal,
          scanItemsScanned: 0,
          scanAlertsFound: 0,
        })
        .where(
          and(
            eq(monitoringSubscribers.userId, userId),
            inArray(monitoringSubscribers.initialScanStatus, ['queued', 'running']),
          ),
        )
        .returning();
      return row;
    },

    async scanProgress(
      userId: string,
      progress: { itemsScanned: number; alertsFound: number; breachesChecked: number },
    ) {
      await db
        .update(monitoringSubscribers)
        .set({
          scanItemsScanned: progress.itemsScanned,
          scanAlertsFound: progress.alertsFound,
          scanBreachesChecked: progress.breachesChecked,
        })
        .where(eq(monitoringSubscribers.userId, userId));
    },

    async completeScan(userId: string, now: Date) {
      await db
        .update(monitoringSubscribers)
        .set({ initialScanStatus: 'complete', initialScanCompletedAt: now })
        .where(eq(monitoringSubscribers.userId, userId));
    },

    /** A user's monitored items in the order they were added. */
    async listItems(
      userId: string,
      partnerId: string,
      active: boolean | undefined,
    ): Promise<MonitoredItemRow[]> {
      const conditions: (SQL | undefined)[] = [
        eq(monitoredItems.userId, userId),
        eq(monitoredItems.partnerId, partnerId),
      ];
      if (active !== undefined) conditions.push(eq(monitoredItems.active, active));
      return db
        .select()
        .from(monitoredItems)
        .where(and(...conditions))
        .orderBy(asc(monitoredItems.createdAt), asc(monitoredItems.id));
    },

    /** One of the user's active items, or nothing (another user's reads as none). */
    async findItem(id: string, userId?: string): Promise<MonitoredItemRow | undefined> {
      const [row] = await db
        .select()
        .from(monitoredItems)
        .where(
          and(
            eq(monitoredItems.id, id),
            eq(monitoredItems.active, true),
            userId ? eq(monitoredItems.userId, userId) : undefined,
          ),
        );
      return row;
    },

    /**
     * Adds an item unless the user already watches `maxAllowed` of its type: counted under a
     * lock on the subscriber's row, so two adds at once cannot both take the last place.
     * 'full' past the limit, 'duplicate' for a value already watched.
     */
    async insertItem(
      item: NewMonitoredItem,
      maxAllowed: number,
      /** The item's scan (a job's SQL), queued in the same commit. */
      scanning?: (itemId: string) => SQL,
    ): Promise<MonitoredItemRow | 'full' | 'duplicate'> {
      try {
        return await db.transaction(async (tx) => {
          await tx
            .select({ userId: monitoringSubscribers.userId })
            .from(monitoringSubscribers)
            .where(eq(monitoringSubscribers.userId, item.userId))
            .for('update');
          const [{ n } = { n: 0 }] = await tx
            .select({ n: count() })
            .from(monitoredItems)
            .where(
              and(
                eq(monitoredItems.userId, item.userId),
                eq(monitoredItems.dataType, item.dataType),
                eq(monitoredItems.active, true),
              ),
            );
          if (n >= maxAllowed) return 'full' as const;
          const [row] = await tx.insert(monitoredItems).values(item).returning();
          if (scanning) await tx.execute(sql`select ${scanning(row!.id)}`);
          return row!;
        });
      } catch (error) {
        if (uniqueViolation(error) === 'monitored_items_user_value_idx') return 'duplicate';
        throw error;
      }
    },

    async renameItem(id: string, userId: string, friendlyName: string, now: Date) {
      const [row] = await db
        .update(monitoredItems)
        .set({ friendlyName, updatedAt: now })
        .where(
          and(
            eq(monitoredItems.id, id),
            eq(monitoredItems.userId, userId),
            eq(monitoredItems.active, true),
          ),
        )
        .returning();
      return row;
    },

    /** Stops watching an item; its encrypted value goes (its alerts keep the masked form). */
    async deactivateItem(id: string, userId: string, now: Date) {
      const [row] = await db
        .update(monitoredItems)
        .set({ active: false, valueEncrypted: null, updatedAt: now })
        .where(
          and(
            eq(monitoredItems.id, id),
            eq(monitoredItems.userId, userId),
            eq(monitoredItems.active, true),
          ),
        )
        .returning();
      return row;
    },

    /** Active items of a type whose fingerprint is one of these (a breach's records). */
    async itemsByFingerprints(
      dataType: MonitoredDataType,
      fingerprints: string[],
    ): Promise<MonitoredItemRow[]> {
      if (fingerprints.length === 0) return [];
      return db
        .select()
        .from(monitoredItems)
        .where(
          and(
            eq(monitoredItems.active, true),
            eq(monitoredItems.dataType, dataType),
            inArray(monitoredItems.valueFingerprint, fingerprints),
          ),
        );
    },

    /** Every active item of these types, a page at a time (a source that matches per account). */
    async activeItemsOfTypes(
      types: readonly MonitoredDataType[],
      after: string | null,
      limit: number,
    ) {
      if (types.length === 0) return [];
      return db
        .select()
        .from(monitoredItems)
        .where(
          and(
            eq(monitoredItems.active, true),
            inArray(monitoredItems.dataType, [...types]),
            after ? sql`${monitoredItems.id} > ${after}` : undefined,
          ),
        )
        .orderBy(asc(monitoredItems.id))
        .limit(limit);
    },

    async alertsOfItems(itemIds: string[]): Promise<MonitoringAlertRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select()
        .from(monitoringAlerts)
        .where(inArray(monitoringAlerts.itemId, itemIds))
        .orderBy(desc(monitoringAlerts.severityScore), desc(monitoringAlerts.detectedOn));
    },

    async saveBreach(breach: Breach, now: Date): Promise<BreachRow> {
      const values = {
        name: breach.name,
        title: breach.title,
        domain: breach.domain,
        breachDate: breach.breachDate,
        addedDate: new Date(breach.addedDate),
        dataClasses: breach.dataClasses,
        description: breach.description,
        isVerified: breach.isVerified,
        isFabricated: breach.isFabricated,
        isSpamList: breach.isSpamList,
        isSensitive: breach.isSensitive,
        readAt: now,
      };
      const [row] = await db
        .insert(monitoringBreaches)
        .values(values)
        .onConflictDoUpdate({ target: monitoringBreaches.name, set: values })
        .returning();
      return row!;
    },

    async countBreaches(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(monitoringBreaches);
      return row?.n ?? 0;
    },

    /**
     * Raises an alert with its plan, once per item and breach: null when it was already raised
     * (by this reader earlier, or another instance at the same time). `along`: what the same
     * transaction does with a new alert (the partner's event).
     */
    async raiseAlert(
      alert: NewMonitoringAlert,
      actions: { actionItem: string; partnerAction: string | null }[],
      along?: (tx: Tx, row: MonitoringAlertRow) => Promise<void>,
    ): Promise<MonitoringAlertRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(monitoringAlerts)
          .values(alert)
          .onConflictDoNothing({
            target: [monitoringAlerts.itemId, monitoringAlerts.breachName],
          })
          .returning();
        if (!row) return null;
        if (actions.length > 0)
          await tx
            .insert(monitoringAlertActions)
            .values(actions.map((a, position) => ({ ...a, alertId: row.id, position })));
        await along?.(tx, row);
        return row;
      });
    },

    /** A user's alerts with their item and breach, the most severe first. */
    async listAlerts(userId: string, partnerId: string, options: { openOnly: boolean }) {
      return alertsQuery(
        and(
          eq(monitoringAlerts.userId, userId),
          eq(monitoredItems.partnerId, partnerId),
          options.openOnly ? eq(monitoringAlerts.completed, false) : undefined,
        ),
      ) as Promise<AlertWithItem[]>;
    },

    async findAlert(alertId: string, userId: string): Promise<AlertWithItem | undefined> {
      const [row] = await alertsQuery(
        and(eq(monitoringAlerts.id, alertId), eq(monitoringAlerts.userId, userId)),
      );
      return row;
    },

    async actions(alertId: string): Promise<AlertActionRow[]> {
      return db
        .select()
        .from(monitoringAlertActions)
        .where(eq(monitoringAlertActions.alertId, alertId))
        .orderBy(asc(monitoringAlertActions.position));
    },

    async setAction(
      alertId: string,
      actionItem: string,
      completed: boolean,
      completedOn: Date | null,
    ): Promise<AlertActionRow | undefined> {
      const [row] = await db
        .update(monitoringAlertActions)
        .set({ completed, completedOn: completed ? completedOn : null })
        .where(
          and(
            eq(monitoringAlertActions.alertId, alertId),
            eq(monitoringAlertActions.actionItem, actionItem),
          ),
        )
        .returning();
      return row;
    },

    async updateAlert(
      alertId: string,
      userId: string,
      patch: Pick<MonitoringAlertRow, 'completed' | 'completedOn' | 'dismissal'>,
    ) {
      const [row] = await db
        .update(monitoringAlerts)
        .set(patch)
        .where(and(eq(monitoringAlerts.id, alertId), eq(monitoringAlerts.userId, userId)))
        .returning();
      return row;
    },

    /** Orders a replacement card once per alert; asking again answers the first order. */
    async orderCardReplacement(row: typeof monitoringCardReplacements.$inferInsert) {
      await db.insert(monitoringCardReplacements).values(row).onConflictDoNothing();
      const [order] = await db
        .select()
        .from(monitoringCardReplacements)
        .where(eq(monitoringCardReplacements.alertId, row.alertId));
      return order!;
    },

    async feedCursor(feed: string): Promise<{ cursor: string | null; version: number }> {
      const [row] = await db
        .select()
        .from(monitoringFeedCursors)
        .where(eq(monitoringFeedCursors.feed, feed));
      return { cursor: row?.cursor ?? null, version: row?.version ?? 0 };
    },

    /** Moves a feed's cursor on from the version read; false when another reader moved it. */
    async moveFeedCursor(feed: string, version: number, cursor: string | null): Promise<boolean> {
      if (version === 0) {
        const [row] = await db
          .insert(monitoringFeedCursors)
          .values({ feed, cursor, version: 1 })
          .onConflictDoNothing()
          .returning();
        return Boolean(row);
      }
      const [row] = await db
        .update(monitoringFeedCursors)
        .set({ cursor, version: version + 1 })
        .where(
          and(eq(monitoringFeedCursors.feed, feed), eq(monitoringFeedCursors.version, version)),
        )
        .returning();
      return Boolean(row);
    },
  };
}
export type MonitoringRepo = ReturnType<typeof monitoringRepo>;
