import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { ACTIVE_POLICY } from '@tern/domain';
import type { Db } from '../../db/client.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { policies } from './tables.ts';

export type PolicyRow = typeof policies.$inferSelect;
export type NewPolicy = typeof policies.$inferInsert;
/** The terms of a policy the partner writes. */
export type PolicyTerms = Partial<
  Pick<NewPolicy, 'product' | 'policyStart' | 'policyEnd' | 'maxInsured' | 'active'>
>;

/** Partners quote numbers in any case: one number names one policy (the unique index). */
const numberIs = (partnerId: string, number: string) =>
  and(
    eq(policies.partnerId, partnerId),
    sql`upper(${policies.externalPolicyNumber}) = upper(${number})`,
  );

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

    async findByNumber(partnerId: string, number: string): Promise<PolicyRow | undefined> {
      const [row] = await db.select().from(policies).where(numberIs(partnerId, number));
      return row;
    },

    /**
     * Creates the policy, or replaces the terms of the one with its number (in any case), in
     * one statement, so two writers of one number cannot both insert.
     */
    async save(policy: NewPolicy & Required<Pick<NewPolicy, 'product'>>): Promise<PolicyRow> {
      const { rows } = await db.execute<{ id: string }>(sql`
        insert into ${policies} (partner_id, external_policy_number, product, active,
          policy_start, policy_end, max_insured)
        values (${policy.partnerId}, ${policy.externalPolicyNumber}, ${policy.product},
          ${policy.active ?? ACTIVE_POLICY}, ${policy.policyStart}, ${policy.policyEnd ?? null},
          ${policy.maxInsured ?? 1})
        on conflict (partner_id, upper(external_policy_number)) do update set
          product = excluded.product, active = excluded.active,
          policy_start = excluded.policy_start, policy_end = excluded.policy_end,
          max_insured = excluded.max_insured
        returning id`);
      const [row] = await db.select().from(policies).where(eq(policies.id, rows[0]!.id));
      return row!;
    },

    /** Changes the terms of the policy with this number; undefined when there is none. */
    async update(
      partnerId: string,
      number: string,
      terms: PolicyTerms,
    ): Promise<PolicyRow | undefined> {
      const [row] = await db
        .update(policies)
        .set(terms)
        .where(numberIs(partnerId, number))
        .returning();
      return row;
    },

    /**
     * Links the policy to the user if it is still claimable on `today` (active, not ended, no
     * other account), as one conditional write: two accounts racing for it cannot both win.
     * Linking it again to the same account changes nothing and answers it.
     */
    async claim(owner: Owner, number: string, today: string): Promise<PolicyRow | undefined> {
      const [row] = await db
        .update(policies)
        .set({ userId: owner.userId })
        .where(
          and(
            numberIs(owner.partnerId, number),
            eq(policies.active, ACTIVE_POLICY),
            or(isNull(policies.policyEnd), sql`${policies.policyEnd} >= ${today}`),
            or(isNull(policies.userId), eq(policies.userId, owner.userId)),
          ),
        )
        .returning();
      return row;
    },

    /** Seeding: names the product of the partner's policies that have none. */
    async nameProduct(partnerId: string, product: string): Promise<void> {
      await db
        .update(policies)
        .set({ product })
        .where(and(eq(policies.partnerId, partnerId), eq(policies.product, '')));
    },

    /** Seeding: adds policies whose numbers the partner does not have yet. */
    async addMissing(rows: NewPolicy[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(policies).values(rows).onConflictDoNothing();
    },
  };
}
export type PoliciesRepo = ReturnType<typeof policiesRepo>;
