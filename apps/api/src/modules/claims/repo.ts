import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insuredItems, itemAlerts, itemPermissions } from './tables.ts';

export type InsuredItemRow = typeof insuredItems.$inferSelect;
export type ItemPermissionRow = typeof itemPermissions.$inferSelect;
type ItemAlertRow = typeof itemAlerts.$inferSelect;
/** A claim with the item fields it is shown with. */
export type ItemAlertWithItem = {
  alert: ItemAlertRow;
  item: Pick<InsuredItemRow, 'properties' | 'externalPolicyNumber'>;
};

export interface ItemAlertFilter {
  active?: boolean | undefined;
  itemId?: string | undefined;
  alertId?: string | undefined;
}

export function claimsRepo(db: Db) {
  const ownedBy = (userId: string, partnerId: string) =>
    and(eq(insuredItems.userId, userId), eq(insuredItems.partnerId, partnerId));

  return {
    /** A user's active items in the order they were insured. */
    async listItems(userId: string, partnerId: string): Promise<InsuredItemRow[]> {
      return db
        .select()
        .from(insuredItems)
        .where(and(ownedBy(userId, partnerId), eq(insuredItems.active, true)))
        .orderBy(asc(insuredItems.createdAt), asc(insuredItems.id));
    },

    async permissionsOf(itemIds: string[]): Promise<ItemPermissionRow[]> {
      if (itemIds.length === 0) return [];
      return db
        .select()
        .from(itemPermissions)
        .where(inArray(itemPermissions.itemId, itemIds))
        .orderBy(asc(itemPermissions.permission));
    },

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
  };
}
export type ClaimsRepo = ReturnType<typeof claimsRepo>;
