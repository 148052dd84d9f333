import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
import { partners } from '../partners/tables.ts';

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
    /**
     * Whether one-time codes may go to the mobile number: the number an account is opened
     * with is; a changed one is not until its holder confirms a code sent to it.
     */
    mobileConfirmed: boolean('mobile_confirmed').notNull().default(true),
    locale: text('locale').notNull().default('en-CA'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{USER}'::text[]`),
    employee: boolean('employee').notNull().default(false),
    /** The partner's own customer id, for users signed in through SSO. */
    externalId: text('external_id'),
    terms: text('terms').notNull().default('PENDING'),
    /** The terms document version accepted, and when (content area, `terms`). */
    termsVersion: text('terms_version'),
    termsAcceptedAt: at('terms_accepted_at'),
    commsSms: boolean('comms_sms').notNull().default(true),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** TOTP secrets, encrypted (lib/encryption.ts): the one in use and one being set up. */
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is a replay. */
    mfaLastStep: integer('mfa_last_step'),
    /**
     * When the partner's ADMIN disabled this staff account: it signs in no more and its
     * sessions stop counting (the session check reads it), until enabled again.
     */
    disabledAt: at('disabled_at'),
    /** The last session opened for the user themself (not an agent acting for them). */
    lastSignInAt: at('last_sign_in_at'),
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

/**
 * The owner of a user's row in any area: the user (the row goes with the account) and the
 * partner whose portal it belongs to.
 */
export const ownerColumns = () => ({
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  partnerId: text('partner_id')
    .notNull()
    .references(() => partners.id),
});

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
    ...ownerColumns(),
    /** The agent acting for the user, when an agent opened this session. */
    agentId: uuid('agent_id').references(() => users.id),
    kind: text('kind').notNull().default('user'),
    /**
     * A widget session's panels (issue 30: the token's `panels` claim); null for every panel,
     * and for a user session, which has no panels.
     */
    panels: text('panels').array(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The sessions an agent opened, ended with the agent's (a disabled account).
    index('sessions_agent_idx').on(t.agentId),
  ],
);

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
    /** Method and path as the contract writes it, e.g. `PATCH /platform/users/{id}`. */
    action: text('action').notNull(),
    statusCode: integer('status_code').notNull(),
    /** The names of the fields the agent sent (never their values). */
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_partner_created_idx').on(t.partnerId, t.createdAt),
    index('audit_log_agent_idx').on(t.agentId),
    index('audit_log_user_idx').on(t.userId),
  ],
);

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
    ...ownerColumns(),
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

/** Codes sent to a changed mobile number to confirm it (hashed; 5 minutes, 5 tries). */
export const mobileCodes = pgTable(
  'mobile_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code was sent to: a later change of number voids it. */
    mobilePhoneNumber: text('mobile_phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mobile_codes_user_idx').on(t.userId)],
);

/** Single-use password-reset links; only the token's hash is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    ...ownerColumns(),
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

/**
 * Codes that confirm a new email address before it replaces the account's (changeEmail):
 * the address waits here, not on the user, until its code is confirmed.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The new address the code was sent to. */
    emailAddress: text('email_address').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_idx').on(t.userId)],
);

/**
 * Link invitations (spec 1 §3): the partner's back end or an ADMIN invites a customer, or an
 * ADMIN a member of staff, who enrols through the link. Only the link id's hash is kept; `secondaryId` is the account that
 * enrolled with it (set once: the link is used).
 */
export const linkInvitations = pgTable(
  'link_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    linkHash: text('link_hash').notNull(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    /** The customer's number the partner knows; none for staff, who give theirs at enrolment. */
    mobilePhoneNumber: text('mobile_phone_number'),
    emailAddress: text('email_address').notNull(),
    externalPolicyNumber: text('external_policy_number'),
    /** The roles the account enrolling with it gets: USER, or AGENT or ADMIN for staff. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{USER}'::text[]`),
    locale: text('locale').notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: at('expires_at').notNull(),
    /** The staff member who made it; null when the partner's back end or the CLI did. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    secondaryId: uuid('secondary_id').references(() => users.id, { onDelete: 'set null' }),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('link_invitations_hash_idx').on(t.linkHash)],
);
