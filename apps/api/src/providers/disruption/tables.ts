import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * The simulated loyalty programme's ledger: what its side of the world remembers. One row per
 * idempotency key, so a credit asked twice counts once; a real adapter does not write here.
 */
export const simulatedLoyaltyLedger = pgTable(
  'sim_loyalty_ledger',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    reference: text('reference').notNull().unique(),
    memberId: text('member_id').notNull(),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sim_loyalty_ledger_member').on(t.memberId)],
);
