import type { PayoutProvider } from '../partners/index.ts';
import type { PayoutMethod } from './schemas.ts';

/**
 * The cash payout flow of spec 2 §4.8, as rules: what a payout method needs before a
 * resolution pays to it.
 */

/** A bank method entered by hand keeps an address; without line 1 it gets one first. */
export const needsAddress = (method: Pick<PayoutMethod, 'type' | 'extras'>): boolean =>
  method.type === 'BANK-MANUAL' && !method.extras.addressLine1;

/** Where the partner pays through Corpay, a bank method from elsewhere is moved to it first. */
export const needsCorpay = (
  method: Pick<PayoutMethod, 'service' | 'provider'>,
  providers: readonly PayoutProvider[],
): boolean =>
  providers.includes('BANK-CORPAY') && method.service === 'bank' && method.provider !== 'corpay';

/** The next step before paying: the address, the move to Corpay, or none. */
export function payoutMethodStep(
  method: Pick<PayoutMethod, 'type' | 'extras' | 'service' | 'provider'>,
  providers: readonly PayoutProvider[],
): 'address' | 'corpay' | 'ready' {
  if (needsAddress(method)) return 'address';
  if (needsCorpay(method, providers)) return 'corpay';
  return 'ready';
}

/**
 * Spec 2 §4.8: a method whose id has more than two hyphen-separated parts (every id Tern
 * gives) already exists with the provider and is reused as it is, never created again.
 */
export const isExistingMethodId = (id: string): boolean => id.split('-').length > 2;
