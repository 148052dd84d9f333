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
} from 'drizzle-orm/pg-core';
import type { MonitoredDataType } from '@tern/domain';
import { at, createdAt } from '../../db/columns.ts';

/**
 * The simulated breach source's breaches: its side of the world (a real adapter does not write
 * here), with Have I Been Pwned's fields. The synthetic corpus is seeded on first use; the
 * operator plants more (`npm run sim -- breach add …`).
 */
export const simulatedBreaches = pgTable(
  'sim_breach_breaches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** HIBP's Name: a stable key (camel-cased, never shown to users). */
    name: text('name').notNull(),
    title: text('title').notNull(),
    /** The breached service's domain; empty when it had none. */
    domain: text('domain').notNull().default(''),
    /** When the breach happened (a date, often approximate). */
    breachDate: date('breach_date', { mode: 'string' }),
    /** When the source learnt of it. */
    addedDate: at('added_date').notNull(),
    /** When it last changed (a record added): the moment it was released again. */
    modified: at('modified').notNull(),
    /** How many accounts it held, as the source says (a planted breach: its records). */
    pwnCount: bigint('pwn_count', { mode: 'number' }).notNull().default(0),
    /** HTML, as HIBP's descriptions are. */
    description: text('description').notNull(),
    /** "Email addresses", "Passwords"…, as HIBP names them. */
    dataClasses: jsonb('data_classes').$type<string[]>().notNull(),
    isVerified: boolean('is_verified').notNull(),
    isFabricated: boolean('is_fabricated').notNull(),
    isSensitive: boolean('is_sensitive').notNull(),
    isSpamList: boolean('is_spam_list').notNull(),
    createdAt: createdAt(),
    /**
     * Its place in the source, rising in the order breaches were released (committed): what a
     * reader's cursor counts. A breach given a record later takes a new place, so that readers
     * are offered it again. Null while a bulk load is still filling its records.
     */
    releasedSeq: bigint('released_seq', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('sim_breach_breaches_name').on(t.name),
    uniqueIndex('sim_breach_breaches_released_seq').on(t.releasedSeq),
  ],
);

/**
 * The identifiers in each simulated breach. A database dump holds no raw identifier: the value
 * is encrypted with the installation's key (the simulator reads it back for `records`) and
 * matched by its keyed hash, the same one the monitoring area keeps of a monitored item.
 */
export const simulatedBreachRecords = pgTable(
  'sim_breach_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    breachId: integer('breach_id')
      .notNull()
      .references(() => simulatedBreaches.id, { onDelete: 'cascade' }),
    dataType: text('data_type').$type<MonitoredDataType>().notNull(),
    /** The identifier, encrypted (`lib/encryption.ts`). */
    value: text('value').notNull(),
    /** `fingerprints.of(dataType, value)`: HMAC-SHA256 hex of the normalised value. */
    fingerprint: text('fingerprint').notNull(),
  },
  (t) => [
    // `lookup`: the breaches holding a fingerprint, read from the index alone.
    index('sim_breach_records_fingerprint').on(t.fingerprint, t.breachId),
    // `records`: a breach's identifiers in pages by id.
    index('sim_breach_records_breach').on(t.breachId, t.id),
  ],
);
