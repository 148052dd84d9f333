import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
import { ownerColumns } from '../accounts/tables.ts';

/** Lost bags a user reported (spec 2 §3 "Lost bag"). */
export const lostBags = pgTable(
  'lost_bags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    status: text('status').notNull().default('BAG_REPORTED_LOST'),
    /** The airline's property irregularity report reference. */
    pir: text('pir').notNull(),
    reportedOn: at('reported_on').notNull(),
    /** YYYY-MM-DD HH:mm where the bag was reported, as the user entered it. */
    reportedOnLocal: text('reported_on_local').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lost_bags_user_idx').on(t.userId)],
);

/** Files attached to a bag report; downloads answer a 302 to a signed storage URL. */
export const lostBagAttachments = pgTable(
  'lost_bag_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bagId: uuid('bag_id')
      .notNull()
      .references(() => lostBags.id, { onDelete: 'cascade' }),
    /** IMAGE for the bag report image (one document per bag, the latest counts), else FILE. */
    kind: text('kind').notNull().default('FILE'),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lost_bag_attachments_bag_idx').on(t.bagId)],
);
