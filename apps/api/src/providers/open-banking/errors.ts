/**
 * Why a read on a consent was refused: the bank knows no such consent, the customer (or Tern)
 * revoked it, or its journey never ended in a code Tern exchanged. Every adapter throws this
 * one class, so the claims area can tell a consent that ended (ask the customer to connect
 * again) from a failure of the bank (try later).
 */
export class ConsentUnavailableError extends Error {
  override readonly name = 'ConsentUnavailableError';

  constructor(
    readonly providerConsentId: string,
    readonly reason: 'unknown' | 'revoked' | 'not-granted',
  ) {
    super(`Open-banking consent ${providerConsentId} cannot be read: ${reason}`);
  }
}
