import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The simulated world's clock (SIM_CLOCK): how far ahead of the machine's time the operator
 * has moved it. One row; every instance reads it, and hears when it moves (`tern_clock`).
 */
export const simClock = pgTable(
  'sim_clock',
  {
    id: integer('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('sim_clock_one_row', sql`${t.id} = 1`)],
);
