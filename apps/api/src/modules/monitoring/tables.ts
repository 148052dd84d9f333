import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AlertSeverity,
  MonitoredDataType,
  MonitoringCountry,
  SeverityReason,
} from '@tern/domain';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
import { ownerColumns, users } from '../accounts/tables.ts';
import { partners } from '../partners/tables.ts';

/** Users subscribed to identity monitoring (spec 1 §3 "Subscription state") and their first scan. */
export const monitoringSubscribers = pgTable('monitoring_subscribers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  partnerId: text('partner_id')
    .notNull()
    .references(() => partners.id),
  subscribed: boolean('subscribed').notNull().default(true),
  /** queued until the scan job takes it, running, then complete. */
  initialScanStatus: text('initial_scan_status')
    .$type<'queued' | 'running' | 'complete'>()
    .notNull()
    .default('queued'),
  scanStartedAt: at('scan_started_at'),
  initialScanCompletedAt: at('initial_scan_completed_at'),
  scanItemsTotal: integer('scan_items_total').notNull().default(0),
  scanItemsScanned: integer('scan_items_scanned').notNull().default(0),
  scanBreachesChecked: integer('scan_breaches_checked').notNull().default(0),
  scanAlertsFound: integer('scan_alerts_found').notNull().default(0),
  subscribedAt: at('subscribed_at').notNull().defaultNow(),
  unsubscribedAt: at('unsubscribed_at'),
});

/**
 * Personal data a user asked to have watched (spec 1 §3 "Monitored data item"). No identifier
 * is kept in plaintext: `value_encrypted` (the installation's key) is for its owner alone, and
 * `value_fingerprint` — the keyed hash of its normalised form (lib/fingerprints.ts) — is what
 * scans match breach records by. A card is neither: the card vault keeps its token, and the
 * fingerprint is the vault's.
 */
export const monitoredItems = pgTable(
  'monitored_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    dataType: text('data_type').$type<MonitoredDataType>().notNull(),
    /** The user's description (friendlyName in the form, displayName in the calls). */
    friendlyName: text('friendly_name').notNull(),
    displayValue: text('display_value').notNull(),
    valueFingerprint: text('value_fingerprint').notNull(),
    valueEncrypted: text('value_encrypted'),
    /** The card vault's token of a card. */
    token: text('token'),
    /** The country whose format the value has: the action plans name its offices. */
    country: text('country').$type<MonitoringCountry>(),
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
    // A breach's records are matched by fingerprint across every subscriber.
    index('monitored_items_fingerprint_idx')
      .on(t.valueFingerprint)
      .where(sql`${t.active}`),
  ],
);

/** The breaches the source has told Tern of: what each alert's breach facts come from. */
export const monitoringBreaches = pgTable('monitoring_breaches', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  domain: text('domain').notNull(),
  breachDate: date('breach_date', { mode: 'string' }),
  addedDate: at('added_date').notNull(),
  dataClasses: jsonb('data_classes').$type<string[]>().notNull(),
  description: text('description').notNull(),
  isVerified: boolean('is_verified').notNull(),
  isFabricated: boolean('is_fabricated').notNull(),
  isSpamList: boolean('is_spam_list').notNull(),
  isSensitive: boolean('is_sensitive').notNull(),
  /** When Tern last read it (a breach given again, with more records, is matched again). */
  readAt: at('read_at').notNull(),
});

/** Where each reader of an outside feed has read to. */
export const monitoringFeedCursors = pgTable('monitoring_feed_cursors', {
  feed: text('feed').primaryKey(),
  cursor: text('cursor'),
  /** Bumped on every move: a reader moves the cursor only from the version it read. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A monitored item found in a breach: one alert per item and breach, however many readers. */
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
    breachName: text('breach_name')
      .notNull()
      .references(() => monitoringBreaches.name),
    title: text('title').notNull(),
    description: text('description').notNull(),
    source: text('source').notNull(),
    breachDate: date('breach_date', { mode: 'string' }),
    severityLevel: text('severity_level').$type<AlertSeverity>().notNull(),
    severityScore: integer('severity_score').notNull(),
    severityReasons: jsonb('severity_reasons').$type<SeverityReason[]>().notNull(),
    detectedOn: at('detected_on').notNull(),
    completed: boolean('completed').notNull().default(false),
    completedOn: at('completed_on'),
    /** "This isn't me": why the subscriber closed it. */
    dismissal: jsonb('dismissal').$type<{ reason: string; note?: string | undefined }>(),
  },
  (t) => [
    index('monitoring_alerts_user_idx').on(t.userId, t.severityScore),
    uniqueIndex('monitoring_alerts_item_breach_idx').on(t.itemId, t.breachName),
  ],
);

/** The action plan of an alert (spec 1 §3 "Alert details and action list"), in its order. */
export const monitoringAlertActions = pgTable(
  'monitoring_alert_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => monitoringAlerts.id, { onDelete: 'cascade' }),
    actionItem: text('action_item').notNull(),
    position: integer('position').notNull().default(0),
    partnerAction: text('partner_action'),
    completed: boolean('completed').notNull().default(false),
    completedOn: at('completed_on'),
  },
  (t) => [uniqueIndex('monitoring_alert_actions_item_idx').on(t.alertId, t.actionItem)],
);

/** Replacement cards ordered from an alert's action plan: the partner's card team's queue. */
export const monitoringCardReplacements = pgTable('monitoring_card_replacements', {
  alertId: uuid('alert_id')
    .primaryKey()
    .references(() => monitoringAlerts.id, { onDelete: 'cascade' }),
  ...ownerColumns(),
  reference: text('reference').notNull(),
  requestedAt: createdAt(),
});
