import type {
  Bank,
  FieldProblem,
  PayoutCurrency,
  PayoutFailureCode,
  PayoutProvider,
  RequiredField,
} from '@tern/domain';

/**
 * The payouts port: how Tern talks to a cross-border payout provider. It defines the fields a
 * bank account needs per provider and currency, looks banks up, checks account details the
 * way the provider will (checksums a pattern cannot express) and moves money. The embedded
 * default is the simulator (`simulator/`); a real adapter implements the same interface and
 * passes the same suite (`port-suite.ts`).
 */
export interface FieldsContext {
  /** Parametric cover pays businesses: the legal type is fixed to BUSINESS (spec 2 §9). */
  business: boolean;
}

interface TransferRequest {
  /**
   * The provider pays one transfer per key, however often it is asked: a retry after a crash
   * between the provider's answer and Tern's record gets the first transfer back.
   */
  idempotencyKey: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The account's details, as the provider's fields hold them (decrypted for this call only). */
  account: Readonly<Record<string, string>>;
  /** The beneficiary's name, as the bank shows it. */
  beneficiary: string;
  reference: string;
}

type TransferStatus = 'sent' | 'settled' | 'failed';

export interface Transfer {
  /** The provider's own reference of the transfer. */
  reference: string;
  status: TransferStatus;
  /** Why it failed, in the provider's words. */
  failureReason: string | null;
  /** …and as Tern's code for the customer, where the adapter knows the provider's code. */
  failureCode: PayoutFailureCode | null;
}

export interface AccountCheck {
  values: Record<string, string>;
  problems: FieldProblem[];
}

export interface PayoutsPort {
  requiredFields(
    provider: PayoutProvider,
    currency: PayoutCurrency,
    context: FieldsContext,
  ): Promise<RequiredField[]>;
  /** Banks of a country matching the text (at least 3 characters), best first. */
  searchBanks(country: string, text: string): Promise<Bank[]>;
  /**
   * The provider's own checks of account details that passed the definitions' patterns
   * (checksums a pattern cannot express), and the values as the provider keeps them.
   */
  checkAccount(currency: PayoutCurrency, values: Readonly<Record<string, string>>): AccountCheck;
  transfer(request: TransferRequest): Promise<Transfer>;
  /** Where a transfer is now, by its reference. */
  transferStatus(reference: string): Promise<Transfer>;
}
