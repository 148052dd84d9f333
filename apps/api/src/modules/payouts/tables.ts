import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CodedText,
  PaymentStatus,
  PayoutAccountDetails,
  PayoutCurrency,
  PayoutExtras,
} from '@tern/domain';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
import { ownerColumns } from '../accounts/tables.ts';

/** What a method shows of its account: masked values only (rules/mask.ts). */
export type PayoutAccountMasked = Pick<PayoutAccountDetails, 'accountNumber' | 'iban'>;

/**
 * A user's payout methods (spec 1 §3 "Payout method"). The full account details are never
 * stored in the clear: `account_ciphertext` holds them encrypted (lib/encryption.ts) for the
 * payout sender, `account_masked` holds what answers may show.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    description: text('description').notNull(),
    preferred: boolean('preferred').notNull().default(false),
    /** e.g. bank. */
    service: text('service').notNull(),
    /** e.g. manual, corpay. */
    provider: text('provider').notNull(),
    vendor: text('vendor').notNull(),
    type: text('type').notNull(),
    /** ISO 4217: which of the provider's definitions the details follow. */
    currency: text('currency').$type<PayoutCurrency>().notNull().default('CAD'),
    /** Address lines, town, province, post code and other non-secret form fields. */
    extras: jsonb('extras').$type<PayoutExtras>().notNull().default({}),
    accountMasked: jsonb('account_masked').$type<PayoutAccountMasked>().notNull().default({}),
    /** JSON of the account details (PayoutAccountDetails), AES-256-GCM; null when not held. */
    accountCiphertext: text('account_ciphertext'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_methods_user_idx').on(t.userId),
    // At most one preferred method per user.
    uniqueIndex('payout_methods_preferred_idx')
      .on(t.userId)
      .where(sql`${t.preferred}`),
  ],
);

/**
 * Money sent to a user (a cash resolution, a claim payout, a partner's payment): requested →
 * sent → settled or failed. One row per idempotency key and partner: asking again, in
 * parallel or after a crash, finds the first payment instead of paying twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Null once the method is removed (the payment is kept, with what it showed then). */
    payoutMethodId: uuid('payout_method_id').references(() => payoutMethods.id, {
      onDelete: 'set null',
    }),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /**
     * The reason as each reader's portal writes it, where Tern wrote it (a resolution's cash):
     * a key of the portal's texts and its values. Null: `reason` as the partner gave it.
     */
    reasonText: jsonb('reason_text').$type<CodedText>(),
    status: text('status').$type<PaymentStatus>().notNull().default('requested'),
    providerReference: text('provider_reference'),
    failureReason: text('failure_reason'),
    /** Why it failed, as each reader's portal writes it (a key of the portal's texts). */
    failureText: jsonb('failure_text').$type<CodedText>(),
    requestedAt: createdAt(),
    sentAt: at('sent_at'),
    settledAt: at('settled_at'),
    failedAt: at('failed_at'),
    /**
     * A failed payment goes again once, to another method of the user's (the same row: its
     * id and the payer's key stay); the provider gets it under a key of its own.
     */
    resentAt: at('resent_at'),
    /** The payer paid it with another payment instead: it is not resent. */
    replacedAt: at('replaced_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_idx').on(t.partnerId, t.idempotencyKey),
    index('payments_user_idx').on(t.userId, t.requestedAt),
    index('payments_method_open_idx')
      .on(t.payoutMethodId)
      .where(sql`${t.status} in ('requested', 'sent')`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_status_known', sql`${t.status} in ('requested', 'sent', 'settled', 'failed')`),
  ],
);

/**
 * Sessions of the payment-rails widget: the link the portal frames carries a random token
 * whose SHA-256 is kept here; it opens the page for one user until it expires or is used.
 */
export const payoutWidgetSessions = pgTable('payout_widget_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  ...ownerColumns(),
  language: text('language').notNull(),
  /** The portal origin the page may post its message to. */
  origin: text('origin').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});
