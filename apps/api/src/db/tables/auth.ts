import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../columns.ts';
import { partners, users } from '../schema.ts';

/**
 * Counters behind the per-account limits (login failures, codes sent, MFA failures). They are
 * in the database, not in memory, so a limit holds across every API instance. One row per
 * bucket and key: a fixed window opened by its first hit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);

/** A password login waiting for its TOTP code; the client holds the random id (hashed here). */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_challenges_token_hash_idx').on(t.tokenHash)],
);

/**
 * One-time-code sign-in flows. A row exists for unknown identifiers too (user_id null), so
 * the answer cannot tell whether an account exists. The code is stored as a hash keyed by
 * the flow's session id, which itself is stored only hashed.
 */
export const otcSessions = pgTable(
  'otc_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionHash: text('session_hash').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('otc_sessions_session_hash_idx').on(t.sessionHash)],
);

/** Single-use password-reset links; only the token's hash is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/** The `jti` of every SSO token accepted, so none can be used twice (kept past its expiry). */
export const usedTokens = pgTable(
  'used_tokens',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    jti: text('jti').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.jti] })],
);
