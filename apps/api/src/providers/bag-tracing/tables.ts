import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import type { TracingState } from './port.ts';

/**
 * The simulated tracing system's files: its side of the world (a real adapter does not write
 * here). One file per PIR.
 */
export const simulatedBagFiles = pgTable('sim_bag_files', {
  pir: text('pir').primaryKey(),
  tagNumber: text('tag_number').notNull(),
  colour: text('colour').notNull(),
  type: text('type').notNull(),
  station: text('station').notNull(),
  airline: text('airline').notNull(),
  reportedAt: at('reported_at').notNull(),
  createdAt: createdAt(),
});

/** What the simulator's operator did to a file (`npm run sim -- bag …`), in effect from `at`. */
export const simulatedBagMoves = pgTable(
  'sim_bag_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pir: text('pir')
      .notNull()
      .references(() => simulatedBagFiles.pir, { onDelete: 'cascade' }),
    state: text('state').$type<TracingState>().notNull(),
    station: text('station'),
    at: at('at').notNull(),
  },
  (t) => [index('sim_bag_moves_pir').on(t.pir, t.at)],
);
