import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid, jsonb } from 'drizzle-orm/pg-core';
import type { Branding, PartnerConfigOverrides } from '@tern/domain';
import { at, bytea, createdAt, updatedAt } from '../../db/columns.ts';

export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /**
   * The origins the partner's portal is served on (`https://portal.partner.example`, scheme,
   * host and port): the only ones CORS allows, and the first is where links in messages go.
   */
  origins: text('origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  cmsBundle: text('cms_bundle').notNull(),
  branding: jsonb('branding').$type<Branding>().notNull(),
  /** Only the flags that differ from the defaults of spec 1 §9. */
  config: jsonb('config').$type<PartnerConfigOverrides>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Public client keys: they identify a partner's app and are sent by browsers as `api-key`. */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('partner_api_keys_key_idx').on(t.key)],
);

/**
 * Server secrets (partner back ends sign SSO and widget tokens with them). Never stored in
 * the clear: a SHA-256 hash identifies a presented secret, and an AES-256-GCM ciphertext
 * under ENCRYPTION_KEY lets the server check HMAC signatures, so a database leak alone does
 * not leak a usable secret (ADR 0003); `kid` names the secret in a token header.
 */
export const partnerSecrets = pgTable(
  'partner_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    kid: text('kid').notNull(),
    secretHash: text('secret_hash').notNull(),
    /**
     * The secret encrypted with ENCRYPTION_KEY (AES-256-GCM): SSO tokens are HMACs made with
     * the secret itself, so the server must be able to recover it (ADR 0003).
     */
    secretCiphertext: text('secret_ciphertext').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('partner_secrets_kid_idx').on(t.kid)],
);

/** The seven theme images of each partner (spec 1 §3), served under /assets/themes/. */
export const partnerAssets = pgTable(
  'partner_assets',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('partner_assets_partner_name_idx').on(t.partnerId, t.name)],
);
