import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import { ownerColumns } from '../accounts/tables.ts';

/**
 * The state of an awaited file while one PUT stores its bytes: taken from `awaiting` in one
 * update, so a second PUT of the same link finds it taken; back to `awaiting` if the bytes
 * are refused. Internal: its owner sees it as `awaiting` (DOCUMENT_STATES).
 */
export const RECEIVING = 'receiving';

/**
 * Uploaded files (issue 27): what each is and whose; the bytes are in the storage provider
 * under `storageKey`, a name the server made. Only `clean` files are served.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    /** What the file is for (`DOCUMENT_USES`): its allowed types and size. */
    use: text('use').notNull(),
    /** The user's name for it: shown, and sent in Content-Disposition; never a storage name. */
    name: text('name').notNull(),
    /** The type its bytes are (after re-encoding: HEIC is kept as JPEG). */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /**
     * (awaiting → RECEIVING →) scanning → clean, or → quarantined (the bytes deleted). A file
     * sent through a signed upload URL is awaited first (no bytes yet: size 0, no type).
     */
    state: text('state').notNull().default('scanning'),
    /** The malware a scan named, for a quarantined file. */
    signature: text('signature'),
    /** When an area attached it: an upload never attached is removed after a day. */
    attachedAt: at('attached_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_user_idx').on(t.userId),
    index('documents_orphan_idx')
      .on(t.createdAt)
      .where(sql`attached_at is null`),
  ],
);
