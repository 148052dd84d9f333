import { bigserial, index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * The short log of live events (LIVE_RETENTION_MS): what a stream that reconnects with
 * `Last-Event-ID` missed is read from here. The id orders events and is the SSE id.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    /** What changed: the keys of the user's queries to refresh. */
    keys: jsonb('keys').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_events_user_id_idx').on(t.userId, t.id),
    index('live_events_created_at_idx').on(t.createdAt),
  ],
);
