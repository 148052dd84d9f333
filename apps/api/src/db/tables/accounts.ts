import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';
import { users } from '../schema.ts';

/** A user's communication preferences (spec 1 §3), one row per channel and type. */
export const userComms = pgTable(
  'user_comms',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commsId: text('comms_id').notNull(),
    type: text('type').notNull(),
    active: boolean('active').notNull(),
    preferred: boolean('preferred').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.commsId] })],
);

/**
 * What agents did while acting for a customer: every write of an acting session, and the
 * act-for itself. No foreign keys: the record outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id').notNull(),
    agentId: uuid('agent_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** Method and route pattern, e.g. `PATCH /platform/users/:id`. */
    action: text('action').notNull(),
    statusCode: integer('status_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_partner_created_idx').on(t.partnerId, t.createdAt),
    index('audit_log_agent_idx').on(t.agentId),
    index('audit_log_user_idx').on(t.userId),
  ],
);
