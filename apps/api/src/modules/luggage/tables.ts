import { sql } from 'drizzle-orm';
import { index, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BagColour, BagStatus, BagType, BAG_EVENT_SOURCES } from '@tern/domain';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
import { ownerColumns } from '../accounts/tables.ts';
import { documents } from '../documents/tables.ts';
import { flights, trips } from '../travel/tables.ts';

/** Lost bags a user reported for a flight of one of their trips (spec 2 §3 "Lost bag", §4.6). */
export const lostBags = pgTable(
  'lost_bags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    flightId: uuid('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    status: text('status').$type<BagStatus>().notNull().default('REPORTED'),
    /** The airline's property irregularity report reference (WorldTracer file reference). */
    pir: text('pir').notNull(),
    /** The bag tag's 10 digits. */
    tagNumber: text('tag_number').notNull(),
    colour: text('colour').$type<BagColour>().notNull(),
    type: text('type').$type<BagType>().notNull(),
    reportedOn: at('reported_on').notNull(),
    /** YYYY-MM-DD HH:mm on the clock of the PIR's station, as the user entered it. */
    reportedOnLocal: text('reported_on_local').notNull(),
    /** An AirTag "Share Item Location" link and when Apple ends it (7 days after it was given). */
    airtagUrl: text('airtag_url'),
    airtagExpiresAt: at('airtag_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lost_bags_user_idx').on(t.userId),
    // One report per bag and flight: the same tag twice is BAG_ALREADY_REPORTED.
    unique('lost_bags_flight_tag_key').on(t.flightId, t.tagNumber),
    // The tracing job reads the bags whose file is still open, by status.
    index('lost_bags_status_idx').on(t.status),
  ],
);

/**
 * Every status a bag went through, as the customer, the tracing system, the simulator's
 * operator or staff told it: the evidence timeline (what the staged cash of the resolutions
 * area counts from). One row per status: a status read twice is kept once.
 */
export const bagEvents = pgTable(
  'bag_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bagId: uuid('bag_id')
      .notNull()
      .references(() => lostBags.id, { onDelete: 'cascade' }),
    status: text('status').$type<BagStatus>().notNull(),
    /** When the source says it happened. */
    at: at('at').notNull(),
    source: text('source').$type<(typeof BAG_EVENT_SOURCES)[number]>().notNull(),
    /** Where the bag was (IATA), when the source says. */
    station: text('station'),
    recordedAt: createdAt(),
  },
  (t) => [unique('bag_events_status_key').on(t.bagId, t.status)],
);

/**
 * Files attached to a bag report: each one a document of the documents area (its bytes, type,
 * scan state and signed downloads live there). The report image is one document (spec 2 §7).
 */
export const lostBagAttachments = pgTable(
  'lost_bag_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bagId: uuid('bag_id')
      .notNull()
      .references(() => lostBags.id, { onDelete: 'cascade' }),
    /** IMAGE for the bag report image (one per bag), else FILE. */
    kind: text('kind').$type<'IMAGE' | 'FILE'>().notNull().default('FILE'),
    /** The file's name as the customer sees it (`?name=`). */
    name: text('name').notNull(),
    /** The document in the documents area, which stores, scans and serves it. */
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('lost_bag_attachments_bag_idx').on(t.bagId),
    uniqueIndex('lost_bag_attachments_one_image_idx')
      .on(t.bagId)
      .where(sql`${t.kind} = 'IMAGE'`),
  ],
);
