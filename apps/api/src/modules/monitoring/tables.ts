import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
import { ownerColumns, users } from '../accounts/tables.ts';
import { partners } from '../partners/tables.ts';

/** Users subscribed to identity monitoring (spec 1 §3 "Subscription state"). */
export const monitoringSubscribers = pgTable('monitoring_subscribers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  partnerId: text('partner_id')
    .notNull()
    .references(() => partners.id),
  subscribed: boolean('subscribed').notNull().default(true),
  /** pending until the first scan of the user's data has run, then complete. */
  initialScanStatus: text('initial_scan_status').notNull().default('pending'),
  initialScanCompletedAt: at('initial_scan_completed_at'),
  subscribedAt: at('subscribed_at').notNull().defaultNow(),
  unsubscribedAt: at('unsubscribed_at'),
});

/**
 * Personal data a user asked to have watched (spec 1 §3 "Monitored data item"). The value
 * itself is never stored: a SHA-256 fingerprint of the normalised value lets scans match
 * breach records, a card is held by the card vault as `token`, and `display_value` is the
 * masked form the portal shows.
 */
export const monitoredItems = pgTable(
  'monitored_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    dataType: text('data_type').notNull(),
    /** The user's description (friendlyName in the form, displayName in the calls). */
    friendlyName: text('friendly_name').notNull(),
    displayValue: text('display_value').notNull(),
    valueFingerprint: text('value_fingerprint'),
    token: text('token'),
    /** Deleting an item deactivates it: its alerts keep their history. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('monitored_items_user_idx').on(t.userId),
    // The same value is watched once per user.
    uniqueIndex('monitored_items_user_value_idx')
      .on(t.userId, t.dataType, t.valueFingerprint)
      .where(sql`${t.active}`),
    check(
      'monitored_items_value_kept',
      sql`${t.valueFingerprint} is not null or ${t.token} is not null`,
    ),
  ],
);

/** A monitored item found somewhere it should not be (a breach, a paste, a market listing). */
export const monitoringAlerts = pgTable(
  'monitoring_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => monitoredItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    source: text('source').notNull(),
    breachDate: date('breach_date', { mode: 'string' }),
    detectedOn: at('detected_on').notNull(),
    completed: boolean('completed').notNull().default(false),
    completedOn: at('completed_on'),
  },
  (t) => [
    index('monitoring_alerts_user_idx').on(t.userId),
    index('monitoring_alerts_item_idx').on(t.itemId),
  ],
);

/** The action plan of an alert (spec 1 §3 "Alert details and action list"). */
export const monitoringAlertActions = pgTable(
  'monitoring_alert_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => monitoringAlerts.id, { onDelete: 'cascade' }),
    actionItem: text('action_item').notNull(),
    completed: boolean('completed').notNull().default(false),
    completedOn: at('completed_on'),
  },
  (t) => [uniqueIndex('monitoring_alert_actions_item_idx').on(t.alertId, t.actionItem)],
);
