import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { LoyaltyPort } from '../port.ts';
import { simulatedLoyaltyLedger } from '../tables.ts';

/**
 * The simulated loyalty programme: a ledger of credits, one row per idempotency key, so a
 * credit asked twice (a retry, two instances at once) counts once. A balance is the sum of
 * the member's rows.
 */
export function simulatedLoyalty(db: Db, clock: Clock): LoyaltyPort {
  const balance = async (memberId: string) => {
    const [row] = await db
      .select({ points: sql<string>`coalesce(sum(${simulatedLoyaltyLedger.points}), 0)` })
      .from(simulatedLoyaltyLedger)
      .where(eq(simulatedLoyaltyLedger.memberId, memberId));
    // PostgreSQL sums integers as bigint, which the driver hands over as text.
    return Number(row!.points);
  };
  return {
    async credit(request) {
      if (!Number.isInteger(request.points) || request.points <= 0)
        throw new Error(`A credit is a positive whole number of points, not ${request.points}`);
      await db
        .insert(simulatedLoyaltyLedger)
        .values({
          idempotencyKey: request.idempotencyKey,
          reference: `PTS-${randomBytes(4).toString('hex').toUpperCase()}`,
          memberId: request.memberId,
          points: request.points,
          reason: request.reason,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: simulatedLoyaltyLedger.idempotencyKey });
      const [row] = await db
        .select()
        .from(simulatedLoyaltyLedger)
        .where(eq(simulatedLoyaltyLedger.idempotencyKey, request.idempotencyKey));
      if (row!.memberId !== request.memberId || row!.points !== request.points)
        throw new Error(`Credit ${request.idempotencyKey} was asked for with other details`);
      return { reference: row!.reference, balance: await balance(request.memberId) };
    },
    balance,
  };
}
