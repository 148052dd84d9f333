import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';

/**
 * The card vault's side of the world (issue 29). It keeps no card number: a frame row is the
 * address the portal framed, a card row what a number typed in that frame stood for (its keyed
 * hash, last four and brand), behind a token the monitoring area redeems once. Times are the
 * app's clock's, so tests move them.
 */

/** Card-entry frames: one per address the portal asked for, usable until `expires_at`. */
export const cardVaultFrames = pgTable(
  'card_vault_frames',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the address's random token: a dump of the table opens no frame. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').notNull(),
    /** The portal origin that may frame the page and is the only one it talks to. */
    origin: text('origin').notNull(),
    /** The portal's style sheet for the field (checked when the frame was made). */
    css: text('css').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** When the frame first tokenised a number (it may tokenise more until it expires). */
    usedAt: at('used_at'),
  },
  (t) => [index('card_vault_frames_expires').on(t.expiresAt)],
);
export type CardVaultFrameRow = typeof cardVaultFrames.$inferSelect;

/** Tokenised cards: what the monitoring area redeems a frame's token for, once. */
export const cardVaultCards = pgTable(
  'card_vault_cards',
  {
    /** SHA-256 of the `tok_…` token the frame handed the portal. */
    tokenHash: text('token_hash').primaryKey(),
    /** The frame it was typed in (a frame tokenises a few numbers at most). */
    frameId: uuid('frame_id')
      .notNull()
      .references(() => cardVaultFrames.id, { onDelete: 'cascade' }),
    /** The frame's user: only they can redeem it. */
    userId: uuid('user_id').notNull(),
    /** `Fingerprints.of('CARD', number)`: the keyed hash breach records are matched by. */
    fingerprint: text('fingerprint').notNull(),
    last4: text('last4').notNull(),
    /** card-validator's type ("visa", "mastercard"…), when it knows the number's range. */
    brand: text('brand'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    redeemedAt: at('redeemed_at'),
  },
  (t) => [
    index('card_vault_cards_expires').on(t.expiresAt),
    index('card_vault_cards_frame').on(t.frameId),
  ],
);
