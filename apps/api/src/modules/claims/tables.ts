import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AssigneeDetails,
  ClaimDataset,
  ClaimEventKind,
  ClaimFigures,
  ClaimPayout,
  ClaimTrigger,
  DisruptionOptions,
  ItemProperties,
} from '@tern/domain';
import type { SharedAccount } from '../../providers/open-banking/port.ts';
import { documents } from '../documents/tables.ts';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
import { ownerColumns } from '../accounts/tables.ts';
import { passengers, trips } from '../travel/tables.ts';

/**
 * Insured items (spec 2 §3 "Insured item"): a parametric policyholder's business premises, or
 * a flight cover item of a trip.
 */
export const insuredItems = pgTable(
  'insured_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    /** e.g. BUSINESS_PREMISES, FLIGHT. */
    itemTypeId: text('item_type_id').notNull(),
    externalPolicyNumber: text('external_policy_number'),
    /** The proposition and tag of the purchase (`POST /platform/items/transaction`). */
    propositionId: text('proposition_id'),
    tag: text('tag'),
    properties: jsonb('properties').$type<ItemProperties>().notNull(),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    delegatedPassengerId: uuid('delegated_passenger_id').references(() => passengers.id, {
      onDelete: 'set null',
    }),
    payoutCurrency: text('payout_currency').notNull(),
    disruptionOptions: jsonb('disruption_options')
      .$type<DisruptionOptions>()
      .notNull()
      .default({ yesAllowed: true, noAllowed: true, callMeAllowed: false }),
    /** Percent of revenue that is profit: a claim's margin (parametric items). */
    profitMargin: doublePrecision('profit_margin'),
    /** Cancelling cover deactivates the item: its claims stay on record. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('insured_items_user_idx').on(t.userId)],
);

/** Permissions an item's cover depends on, e.g. BANKING (open-banking access to revenue). */
export const itemPermissions = pgTable(
  'item_permissions',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => insuredItems.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    required: boolean('required').notNull().default(true),
    granted: boolean('granted').notNull().default(false),
    grantedAt: at('granted_at'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.permission] })],
);

/**
 * Alerts on an item, i.e. parametric claims (spec 2 §3 "Claim (item alert)"). Datasets and
 * payout rows are small, read and written with their claim, so they are kept as JSON.
 */
export const itemAlerts = pgTable(
  'item_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => insuredItems.id, { onDelete: 'cascade' }),
    claimNumber: text('claim_number').notNull(),
    alertDate: at('alert_date').notNull(),
    alertType: text('alert_type').notNull(),
    description: text('description').notNull(),
    /** prediction, USER-CONFIRM-OFFER, USER-CONFIRM-DISPUTE, OFFER-ACCEPTED, OFFER-REJECTED… */
    status: text('status').notNull(),
    completed: boolean('completed').notNull().default(false),
    confirmed: boolean('confirmed').notNull().default(false),
    /** Withdrawn or archived claims are inactive; the dashboard asks for active ones. */
    active: boolean('active').notNull().default(true),
    assigneeDetails: jsonb('assignee_details').$type<AssigneeDetails>(),
    brokerAssignee: text('broker_assignee'),
    claimAssignee: text('claim_assignee'),
    data: jsonb('data').$type<ClaimFigures>().notNull(),
    datasets: jsonb('datasets').$type<ClaimDataset[]>().notNull().default([]),
    payouts: jsonb('payouts').$type<StoredClaimPayout[]>().notNull().default([]),
    /** The trigger feed's event that opened it: one claim per item and event. */
    triggerEventId: text('trigger_event_id'),
    trigger: jsonb('trigger').$type<ClaimTrigger>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('item_alerts_claim_number_idx').on(t.claimNumber),
    index('item_alerts_item_idx').on(t.itemId),
    uniqueIndex('item_alerts_trigger_idx').on(t.itemId, t.triggerEventId),
  ],
);

/**
 * A payout row as kept: the answer's fields, and the mobile number and payout method its
 * details were sent with (the insurer's, not shown back).
 */
export type StoredClaimPayout = ClaimPayout & {
  contactNumber?: string;
  /** Where the payment's remittance notice goes, when the customer gave it. */
  emailAddress?: string;
  payoutMethodId?: string;
};

/** Claim numbers count up across partners: HM-CLM-2026-0001. */
export const claimNumbers = pgSequence('claim_number_seq', { startWith: 1000 });

/** A claim's timeline (`/claim/history/{alertId}`): every change, when, and who made it. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => itemAlerts.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    actor: text('actor').$type<'customer' | 'insurer' | 'agent' | 'system'>().notNull(),
    /** The agent's user id, when an agent acted for the customer. */
    agentId: uuid('agent_id'),
    kind: text('kind').$type<ClaimEventKind>().notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull(),
  },
  (t) => [index('claim_events_alert_idx').on(t.alertId, t.at)],
);

/** The files of a claim's disputes, each for a month of it. */
export const claimAttachments = pgTable(
  'claim_attachments',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => itemAlerts.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.documentId] })],
);

/**
 * Open-banking consents (issue 28): one journey to the bank per row. A granted consent lasts
 * BANKING_CONSENT_DAYS from its grant or last reconfirmation; the items' BANKING permission is
 * granted while it has not lapsed.
 */
export const bankingConsents = pgTable(
  'banking_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    status: text('status').$type<'pending' | 'granted' | 'refused' | 'revoked'>().notNull(),
    /** SHA-256 of the journey's state: what the bank sends back must hash to it. */
    stateHash: text('state_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    providerConsentId: text('provider_consent_id'),
    bankName: text('bank_name'),
    accounts: jsonb('accounts').$type<SharedAccount[]>(),
    grantedAt: at('granted_at'),
    expiresAt: at('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banking_consents_user_idx').on(t.userId, t.status)],
);

/** Where the claims area has read the trigger feed to (one row per feed). */
export const triggerFeedCursors = pgTable('trigger_feed_cursors', {
  feed: text('feed').primaryKey(),
  cursor: text('cursor'),
  updatedAt: updatedAt(),
});
