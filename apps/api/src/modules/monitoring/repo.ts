import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { monitoredItems, monitoringAlerts, monitoringSubscribers } from './tables.ts';

export type SubscriberRow = typeof monitoringSubscribers.$inferSelect;
export type MonitoredItemRow = typeof monitoredItems.$inferSelect;
export type MonitoringAlertRow = typeof monitoringAlerts.$inferSelect;
export type AlertWithItem = {
  alert: MonitoringAlertRow;
  item: Pick<MonitoredItemRow, 'dataType' | 'friendlyName' | 'displayValue'>;
};

export function monitoringRepo(db: Db) {
  return {
    async findSubscriber(userId: string): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .select()
        .from(monitoringSubscribers)
        .where(eq(monitoringSubscribers.userId, userId));
      return row;
    },

    /** Subscribes, or re-subscribes, a user; a live subscription is left as it is. */
    async subscribe(userId: string, partnerId: string, now: Date): Promise<SubscriberRow> {
      const [row] = await db
        .insert(monitoringSubscribers)
        .values({ userId, partnerId, subscribed: true, subscribedAt: now })
        .onConflictDoUpdate({
          target: monitoringSubscribers.userId,
          set: {
            subscribed: true,
            unsubscribedAt: null,
            // Keep the first subscription date of a live subscription.
            subscribedAt: sql`case when ${monitoringSubscribers.subscribed} then ${monitoringSubscribers.subscribedAt} else ${now.toISOString()}::timestamptz end`,
          },
        })
        .returning();
      return row!;
    },

    async completeInitialScan(userId: string, now: Date): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .update(monitoringSubscribers)
        .set({ initialScanStatus: 'complete', initialScanCompletedAt: now })
        .where(
          and(
            eq(monitoringSubscribers.userId, userId),
            eq(monitoringSubscribers.initialScanStatus, 'pending'),
          ),
        )
        .returning();
      return row;
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

    async alertsOfItems(itemIds: string[]): Promise<MonitoringAlertRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select()
        .from(monitoringAlerts)
        .where(inArray(monitoringAlerts.itemId, itemIds))
        .orderBy(desc(monitoringAlerts.detectedOn), asc(monitoringAlerts.id));
    },

    /** A user's alerts with the item each concerns, newest first. */
    async listAlerts(
      userId: string,
      partnerId: string,
      options: { openOnly: boolean },
    ): Promise<AlertWithItem[]> {
      const conditions: (SQL | undefined)[] = [
        eq(monitoringAlerts.userId, userId),
        eq(monitoredItems.partnerId, partnerId),
      ];
      if (options.openOnly) conditions.push(eq(monitoringAlerts.completed, false));
      return db
        .select({
          alert: monitoringAlerts,
          item: {
            dataType: monitoredItems.dataType,
            friendlyName: monitoredItems.friendlyName,
            displayValue: monitoredItems.displayValue,
          },
        })
        .from(monitoringAlerts)
        .innerJoin(monitoredItems, eq(monitoredItems.id, monitoringAlerts.itemId))
        .where(and(...conditions))
        .orderBy(desc(monitoringAlerts.detectedOn), asc(monitoringAlerts.id));
    },
  };
}
export type MonitoringRepo = ReturnType<typeof monitoringRepo>;
