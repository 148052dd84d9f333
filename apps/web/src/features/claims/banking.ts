import type { BankingConsent, InsuredItem } from '@tern/domain/claims/schemas';

/**
 * What the page reads of the items' BANKING permissions (spec 2 §2.6, §6): which items still
 * need open banking, and the consents behind those that have it.
 */

const bankingOf = (item: InsuredItem) => item.permissions.find((p) => p.permission === 'BANKING');

/** Items whose cover needs open banking and do not have it (never granted, or lapsed). */
export const itemsNeedingBanking = (items: readonly InsuredItem[]): InsuredItem[] =>
  items.filter((item) => {
    const banking = bankingOf(item);
    return banking !== undefined && banking.required && !banking.granted;
  });

/** The live consent behind an item's BANKING grant, if it has one. */
export const grantedConsentOf = (item: InsuredItem): BankingConsent | null => {
  const banking = bankingOf(item);
  return banking?.granted ? banking.consent : null;
};

/** Every live consent of the user's items, once each (one consent usually covers them all). */
export const grantedConsents = (items: readonly InsuredItem[]): BankingConsent[] => {
  const byId = new Map<string, BankingConsent>();
  for (const item of items) {
    const consent = grantedConsentOf(item);
    if (consent) byId.set(consent.consentId, consent);
  }
  return [...byId.values()];
};

/**
 * The consents to reconfirm now: from `reconfirmFrom` (BANKING_RECONFIRM_DAYS before they
 * lapse) until `expiresAt`; after that they are reconnected at the bank instead.
 */
export const consentsToReconfirm = (items: readonly InsuredItem[], now: number): BankingConsent[] =>
  grantedConsents(items).filter(
    (consent) => Date.parse(consent.reconfirmFrom) <= now && now < Date.parse(consent.expiresAt),
  );
