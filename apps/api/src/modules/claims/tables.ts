import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AssigneeDetails,
  ClaimDataset,
  ClaimFigures,
  ClaimPayout,
  DisruptionOptions,
  ItemProperties,
} from '@tern/domain';
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
    payouts: jsonb('payouts').$type<ClaimPayout[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('item_alerts_claim_number_idx').on(t.claimNumber),
    index('item_alerts_item_idx').on(t.itemId),
  ],
);
