import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { searchBanks } from '../banks/directory.ts';
import type { PayoutsPort, Transfer } from '../port.ts';
import { simulatedTransfers } from '../tables.ts';
import { checkBankAccount } from './checks.ts';
import { simulatedRequiredFields } from './fields.ts';

/** Accounts ending in this are closed at the simulated bank: their transfers fail. */
export const CLOSED_ACCOUNT_TAIL = '0000';
const CLOSED_REASON = 'The beneficiary bank returned the payment: account closed';

const tailOf = (account: Readonly<Record<string, string>>) =>
  (account.accountNumber ?? account.iban ?? account.reference ?? '').slice(-4);

type TransferRow = typeof simulatedTransfers.$inferSelect;

/**
 * The embedded payout provider: real bank data and checks, money that moves in simulated
 * time. A transfer is `sent` when accepted and clears `settleAfterMs` later (by the app's
 * clock): `settled`, or `failed` for an account ending in CLOSED_ACCOUNT_TAIL.
 */
export function simulatedPayouts(deps: {
  db: Db;
  clock: Clock;
  settleAfterMs: number;
}): PayoutsPort {
  const { db, clock, settleAfterMs } = deps;
  const asTransfer = (row: TransferRow): Transfer => {
    const cleared = clock.now().getTime() >= row.createdAt.getTime() + settleAfterMs;
    if (!cleared)
      return { reference: row.reference, status: 'sent', failureReason: null, failureCode: null };
    return {
      reference: row.reference,
      status: row.outcome,
      failureReason: row.outcome === 'failed' ? row.failureReason : null,
      // The simulated bank fails a transfer for one reason only.
      failureCode: row.outcome === 'failed' ? 'ACCOUNT_CLOSED' : null,
    };
  };
  return {
    requiredFields: async (provider, currency, context) =>
      simulatedRequiredFields(provider, currency, context),
    searchBanks: async (country, text) => searchBanks(country, text),
    checkAccount: checkBankAccount,
    async transfer(request) {
      const tail = tailOf(request.account);
      const closed = tail === CLOSED_ACCOUNT_TAIL;
      // One row per key: a second ask (a retry, a parallel call) finds the first transfer.
      await db
        .insert(simulatedTransfers)
        .values({
          idempotencyKey: request.idempotencyKey,
          reference: `SIM-${randomBytes(6).toString('hex').toUpperCase()}`,
          amount: request.amount,
          currency: request.currency,
          accountTail: tail,
          outcome: closed ? 'failed' : 'settled',
          failureReason: closed ? CLOSED_REASON : null,
          createdAt: clock.now(),
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(simulatedTransfers)
        .where(eq(simulatedTransfers.idempotencyKey, request.idempotencyKey));
      if (row!.amount !== request.amount || row!.currency !== request.currency)
        throw new Error(`Transfer ${request.idempotencyKey} was asked for with other details`);
      return asTransfer(row!);
    },
    async transferStatus(reference) {
      const [row] = await db
        .select()
        .from(simulatedTransfers)
        .where(eq(simulatedTransfers.reference, reference));
      if (!row) throw new Error(`No transfer ${reference}`);
      return asTransfer(row);
    },
  };
}
