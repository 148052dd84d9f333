import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * The simulated provider's own ledger of transfers: what its side of the world remembers.
 * One row per idempotency key, so asking again pays nothing more. It holds no account
 * details, only the tail a bank statement shows; a real adapter does not write here.
 */
export const simulatedTransfers = pgTable('sim_payout_transfers', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  reference: text('reference').notNull().unique(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** The last four characters of the account or IBAN. */
  accountTail: text('account_tail').notNull(),
  /** Where it ends once it has cleared: `settled`, or `failed` with its reason. */
  outcome: text('outcome').$type<'settled' | 'failed'>().notNull(),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
});
