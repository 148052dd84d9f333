import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * Every email and SMS the simulated notifications provider "sent": read by tests and by a
 * person at /dev/outbox. It holds one-time codes and reset links, so it exists only for the
 * embedded simulator; a real provider adapter does not write here.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Send order: timestamps of messages sent in one millisecond tie. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    partnerId: text('partner_id').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    locale: text('locale').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_messages_partner_seq_idx').on(t.partnerId, t.seq),
    index('outbox_messages_recipient_seq_idx').on(t.recipient, t.seq),
  ],
);
