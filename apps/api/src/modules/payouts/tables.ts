import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PayoutAccountDetails, PayoutExtras } from '@tern/domain';
import { createdAt, updatedAt } from '../../db/columns.ts';
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
