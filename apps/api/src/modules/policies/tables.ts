import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../accounts/tables.ts';
import { partners } from '../partners/tables.ts';

/**
 * Policies a partner sold, by the partner's own number: the partner's back end or staff write
 * them (`PUT /platform/partners/{partnerId}/policies`); registration, enrolment or the customer
 * link one to an account (a policy serves one account); `active` is 1 or 0 as the spec's
 * payloads carry it, and a cancelled policy stays on record with 0.
 */
export const policies = pgTable(
  'policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    externalPolicyNumber: text('external_policy_number').notNull(),
    /** What the policy is, in the partner's words ("Flight disruption cover"). */
    product: text('product').notNull().default(''),
    active: integer('active').notNull().default(1),
    policyStart: date('policy_start', { mode: 'string' }).notNull(),
    policyEnd: date('policy_end', { mode: 'string' }),
    maxInsured: integer('max_insured').notNull().default(1),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Partners quote policy numbers in any case; one number names one policy.
    uniqueIndex('policies_partner_number_idx').on(
      t.partnerId,
      sql`upper(${t.externalPolicyNumber})`,
    ),
    index('policies_user_idx').on(t.userId),
    // Two changes at once cannot leave a policy ending before it starts.
    check(
      'policies_end_after_start',
      sql`${t.policyEnd} is null or ${t.policyEnd} >= ${t.policyStart}`,
    ),
  ],
);
