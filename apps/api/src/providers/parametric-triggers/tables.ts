import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TriggerType } from '@tern/domain';
import { at, createdAt } from '../../db/columns.ts';

/**
 * The simulated trigger feed's events: its side of the world (a real adapter does not write
 * here). The operator records them (`npm run sim -- parametric trigger …`), each at its time;
 * the feed gives one only once its clock has reached that time.
 */
export const simulatedTriggerEvents = pgTable(
  'sim_trigger_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The insured business it was measured at (Tern's item id). */
    businessRef: text('business_ref').notNull(),
    type: text('type').$type<TriggerType>().notNull(),
    /** In the type's unit: centimetres or minutes. */
    measuredValue: integer('measured_value').notNull(),
    source: text('source').notNull(),
    /** When it was measured: the feed gives it from then on. */
    at: at('at').notNull(),
    createdAt: createdAt(),
    /**
     * Its place in the feed, given when a reading finds it due (1, 2, 3… in the order they
     * came due): what a reader's cursor counts. Null until then.
     */
    releasedSeq: bigint('released_seq', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('sim_trigger_events_released_seq').on(t.releasedSeq),
    index('sim_trigger_events_business').on(t.businessRef, t.at),
    index('sim_trigger_events_pending')
      .on(t.at)
      .where(sql`released_seq is null`),
  ],
);
