/**
 * The card vault (issue 29): a tokeniser on its own origin. Its card-entry frame takes a card
 * number where the portal's scripts cannot read it, checks it, and answers the portal (through
 * `postMessage`) with a token and the masked number. The monitoring area then redeems the token
 * for what it keeps: the vault's keyed hash of the number (to match breach records) and its
 * last four. The number itself is kept nowhere, not even by the vault.
 */
export interface CardFrameRequest {
  userId: string;
  /** The page that frames it: the only origin the frame talks to and may be framed by. */
  origin: string;
  css: string;
  expiresAt: Date;
}

export interface RedeemedCard {
  /** The keyed hash of the card number (`Fingerprints.of('CARD', number)`). */
  fingerprint: string;
  last4: string;
  /** card-validator's type: "visa", "mastercard"… */
  brand: string | null;
}

export interface CardVaultPort {
  /** The vault's origin (the portal's CSP lets it be framed; messages from it are trusted). */
  readonly origin: string;
  /** A one-time address of the card-entry frame for this user and origin. */
  frameUrl(request: CardFrameRequest): Promise<{ url: string }>;
  /**
   * What a token the frame made for `userId` stands for, once: null when it is unknown,
   * expired, another user's or already redeemed.
   */
  redeem(userId: string, token: string): Promise<RedeemedCard | null>;
}
