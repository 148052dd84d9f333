import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import type { SharedAccount } from './port.ts';

/**
 * Where a simulated consent stands: its journey is `pending` until the customer answers on
 * the bank's page (`authorised` with a code, or `refused`), then `exchanged` once Tern trades
 * the code for it, and `revoked` when it ends.
 */
export type SimulatedConsentStatus = 'pending' | 'authorised' | 'refused' | 'exchanged' | 'revoked';

/**
 * The simulated bank's consents: its side of the world (a real adapter does not write here).
 * One row per consent journey Tern starts, from the page's visit to the consent's end.
 */
export const simulatedBankConsents = pgTable('sim_bank_consents', {
  /** The journey's id, in the consent page's address. */
  journeyId: uuid('journey_id').primaryKey().defaultRandom(),
  /** The bank's id of the consent (`providerConsentId`), told to Tern only at the exchange. */
  consentId: uuid('consent_id').notNull().unique().defaultRandom(),
  /** Tern's id of the consent, echoed back to the portal. */
  consentRef: text('consent_ref').notNull().unique(),
  customerRef: text('customer_ref').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** Tern's CSRF value, sent back unchanged (the bank must keep it to send it). */
  state: text('state').notNull(),
  /**
   * The page's form token: in the form and in the browser's cookie, both needed to answer.
   * Kept as it is, since every visit of the page writes it again; it opens nothing else.
   */
  formToken: text('form_token').notNull(),
  status: text('status').$type<SimulatedConsentStatus>().notNull().default('pending'),
  bankName: text('bank_name'),
  /** The accounts the customer ticked, masked. */
  accounts: jsonb('accounts').$type<SharedAccount[]>().notNull().default([]),
  /** The one-time code's SHA-256 (bound to the journey), and when it stops working. */
  codeHash: text('code_hash'),
  codeExpiresAt: at('code_expires_at'),
  /** The simulator's clock: when the journey started, was answered, exchanged, revoked. */
  startedAt: at('started_at').notNull(),
  answeredAt: at('answered_at'),
  exchangedAt: at('exchanged_at'),
  revokedAt: at('revoked_at'),
});
export type SimulatedConsentRow = typeof simulatedBankConsents.$inferSelect;
