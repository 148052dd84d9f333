import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Branding, PartnerConfigOverrides } from '@tern/domain';
import { at, createdAt, updatedAt } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Hostnames the partner's portal is served on (no scheme, no port). */
  domains: text('domains')
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

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    emailAddress: text('email_address').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    mobilePhoneNumber: text('mobile_phone_number'),
    locale: text('locale').notNull().default('en-CA'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{USER}'::text[]`),
    employee: boolean('employee').notNull().default(false),
    /** The partner's own customer id, for users signed in through SSO. */
    externalId: text('external_id'),
    terms: text('terms').notNull().default('PENDING'),
    commsSms: boolean('comms_sms').notNull().default(true),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** TOTP secrets, encrypted (lib/encryption.ts): the one in use and one being set up. */
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is a replay. */
    mfaLastStep: integer('mfa_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An email address is unique within a partner, whatever its case.
    uniqueIndex('users_partner_email_idx').on(t.partnerId, sql`lower(${t.emailAddress})`),
    uniqueIndex('users_partner_external_idx').on(t.partnerId, t.externalId),
    index('users_partner_idx').on(t.partnerId),
  ],
);

/** Support requests sent from the portal (spec 1 §7), kept for the partner's support staff. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    emailAddress: text('email_address').notNull(),
    contactNumber: text('contact_number').notNull(),
    locale: text('locale').notNull(),
    localTime: text('local_time').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('OPEN'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_reference_idx').on(t.reference),
    index('support_tickets_partner_idx').on(t.partnerId),
  ],
);

/**
 * Signed-in sessions. Only the SHA-256 of the bearer token is kept: a database leak gives no
 * usable token. A session lives 60 minutes from login (spec 1 §9) unless revoked at logout.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    /** The agent acting for the user, when an agent opened this session. */
    agentId: uuid('agent_id').references(() => users.id),
    kind: text('kind').notNull().default('user'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

export * from './tables/accounts.ts';
export * from './tables/auth.ts';
export * from './tables/policies.ts';
export * from './tables/outbox.ts';
export * from './tables/travel.ts';
export * from './tables/payouts.ts';
export * from './tables/items.ts';
export * from './tables/monitoring.ts';
export * from './tables/luggage.ts';
