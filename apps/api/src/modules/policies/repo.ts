import { and, desc, eq, sql } from 'drizzle-orm';
import { ACTIVE_POLICY } from '@tern/domain';
import type { Db } from '../../db/client.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { policies } from './tables.ts';

export type PolicyRow = typeof policies.$inferSelect;
export type NewPolicy = typeof policies.$inferInsert;

export function policiesRepo(db: Db) {
  // Read on every dashboard: prepared once, so its SQL is built and planned once.
  const activeQuery = db
    .select()
    .from(policies)
    .where(
      and(
        eq(policies.userId, sql.placeholder('userId')),
        eq(policies.partnerId, sql.placeholder('partnerId')),
        eq(policies.active, ACTIVE_POLICY),
      ),
    )
    .orderBy(
      sql`${policies.policyEnd} desc nulls first`,
      desc(policies.policyStart),
      policies.externalPolicyNumber,
    )
    .prepare('policies_active_for_user');

  return {
    /** A user's active policies: open-ended first, then by end date, latest first. */
    async activeForUser(owner: Owner): Promise<PolicyRow[]> {
      return activeQuery.execute({ userId: owner.userId, partnerId: owner.partnerId });
    },

    /** Seeding: adds policies whose numbers the partner does not have yet. */
    async addMissing(rows: NewPolicy[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(policies).values(rows).onConflictDoNothing();
    },
  };
}
export type PoliciesRepo = ReturnType<typeof policiesRepo>;
