/**
 * The open-banking port (account information, modelled on the UK Open Banking AIS consent
 * journey): Tern sends the customer to their bank's consent page, the bank sends them back
 * with a code, and with the consent Tern reads the revenue of the business's accounts. The
 * embedded default is the simulator (`simulator/`); a real adapter implements the same.
 */

/** One consent journey, as Tern starts it. */
export interface ConsentJourney {
  /** Tern's id of the consent; the provider echoes it back. */
  consentRef: string;
  /** Where the bank sends the customer back (the portal's /permissions/grant, absolute). */
  redirectUri: string;
  /** An unguessable value the bank sends back unchanged (CSRF: Tern keeps only its hash). */
  state: string;
  /** Whose business: what the bank knows the customer as (Tern's user id). */
  customerRef: string;
}

/** An account the customer chose to share, as the bank names it (number masked). */
export interface SharedAccount {
  accountId: string;
  name: string;
  /** Masked: the last four digits only. */
  accountNumber: string;
}

export interface GrantedConsent {
  /** The provider's id of the consent, used for every later read. */
  providerConsentId: string;
  bankName: string;
  accounts: SharedAccount[];
}

/** A calendar month of revenue: money in, in minor units of the account's currency. */
export interface MonthlyRevenue {
  year: number;
  /** 1–12. */
  month: number;
  revenue: number;
}

export interface OpenBankingPort {
  /** The address of the bank's consent page for this journey (the customer's browser goes there). */
  authorizeUrl(journey: ConsentJourney): Promise<string>;
  /**
   * Exchanges the code the bank sent back for the consent; null when the code is not one the
   * bank issued for this journey, was used already or expired.
   */
  exchange(code: string, journey: ConsentJourney): Promise<GrantedConsent | null>;
  /**
   * The revenue of the business `businessRef` (Tern's item id) on the consent's accounts, one
   * row per calendar month from `from` to `to` inclusive, leaving out months that have not
   * closed yet on the provider's clock. Throws when the consent was revoked.
   */
  monthlyRevenue(
    providerConsentId: string,
    businessRef: string,
    from: { year: number; month: number },
    to: { year: number; month: number },
  ): Promise<MonthlyRevenue[]>;
  /**
   * The revenue between two days inclusive (YYYY-MM-DD, UTC): a claim's period. Null while the
   * last day has not closed yet (the day after it has not begun).
   */
  revenueBetween(
    providerConsentId: string,
    businessRef: string,
    start: string,
    end: string,
  ): Promise<number | null>;
  /** Ends the consent at the bank (the customer disconnected); harmless when it has ended. */
  revoke(providerConsentId: string): Promise<void>;
}
