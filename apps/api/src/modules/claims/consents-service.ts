import { createHash, randomBytes } from 'node:crypto';
import { AppError, BANKING_CONSENT_DAYS } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Owner } from '../../plugins/contracts.ts';
import type { ConsentJourney, OpenBankingPort } from '../../providers/open-banking/port.ts';
import { portalOrigin, type PartnerRow } from '../partners/index.ts';
import type { ItemsService } from './items-service.ts';
import { isLive } from './mappers.ts';
import type { ClaimsRepo, ConsentRow } from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

const notFound = (consentId: string) =>
  new AppError('CONSENT_NOT_FOUND', { message: `No bank connection ${consentId}` });
const refused = (message: string) => new AppError('CONSENT_REFUSED', { message });

/**
 * Open-banking consent (issue 28), the UK journey: Tern sends the customer to their bank's
 * consent page with an unguessable state, the bank sends them back to the portal with a code,
 * and the portal hands both to Tern, which exchanges the code for the consent. It lasts
 * BANKING_CONSENT_DAYS; the customer reconfirms it in the portal before it lapses (no trip to
 * the bank), or connects again after.
 */
export function consentsService(deps: {
  repo: ClaimsRepo;
  openBanking: OpenBankingPort;
  clock: Clock;
  items: ItemsService;
  /** The customer's claims waiting for a prediction get it prefilled from the new history. */
  connected: (owner: Owner) => Promise<void>;
}) {
  const { repo, openBanking, clock, items } = deps;

  const journeyOf = (consent: ConsentRow, state: string): ConsentJourney => ({
    consentRef: consent.id,
    redirectUri: consent.redirectUri,
    state,
    customerRef: consent.userId,
  });

  /** Ends the user's other granted consents: one bank connection at a time. */
  async function endOthers(owner: Owner, keep: string) {
    const previous = await repo.grantedConsentOf(owner.userId, owner.partnerId);
    if (!previous || previous.id === keep) return;
    const ended = await repo.updateConsent(
      previous.id,
      'granted',
      { status: 'revoked' },
      clock.now(),
    );
    if (ended?.providerConsentId) await openBanking.revoke(ended.providerConsentId);
  }

  return {
    async start(owner: Owner, partner: PartnerRow, returnPath: string) {
      const state = randomBytes(32).toString('base64url');
      const consent = await repo.insertConsent({
        userId: owner.userId,
        partnerId: owner.partnerId,
        status: 'pending',
        stateHash: hash(state),
        // Back to the partner's own portal, never to an address the request names.
        redirectUri: `${portalOrigin(partner)}${returnPath}`,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      const authorizeUrl = await openBanking.authorizeUrl(journeyOf(consent, state));
      return { consentId: consent.id, authorizeUrl };
    },

    async complete(owner: Owner, consentId: string, answer: { code: string; state: string }) {
      const consent = await repo.findConsent(consentId, owner);
      if (!consent) throw notFound(consentId);
      if (consent.status !== 'pending') throw refused('This bank journey is over');
      if (hash(answer.state) !== consent.stateHash)
        throw refused('The bank’s answer is not for this journey');
      const granted = await openBanking.exchange(answer.code, journeyOf(consent, answer.state));
      const now = clock.now();
      if (!granted) {
        await repo.updateConsent(consentId, 'pending', { status: 'refused' }, now);
        throw refused('The bank did not confirm the consent');
      }
      await endOthers(owner, consentId);
      const done = await repo.updateConsent(
        consentId,
        'pending',
        {
          status: 'granted',
          providerConsentId: granted.providerConsentId,
          bankName: granted.bankName,
          accounts: granted.accounts,
          grantedAt: now,
          expiresAt: new Date(now.getTime() + BANKING_CONSENT_DAYS * DAY_MS),
        },
        now,
      );
      // Another completion of the same journey got there first.
      if (!done) throw refused('This bank journey is over');
      await repo.setBanking(owner.userId, owner.partnerId, true, now);
      await deps.connected(owner);
      return items.changed(owner);
    },

    /** Another BANKING_CONSENT_DAYS from now, for a consent that has not lapsed. */
    async reconfirm(owner: Owner, consentId: string) {
      const consent = await repo.findConsent(consentId, owner);
      if (!consent || consent.status === 'pending') throw notFound(consentId);
      const now = clock.now();
      if (!isLive(consent, now))
        throw new AppError('CLAIM_STEP_INVALID', {
          message: 'This bank connection has ended: connect your bank again',
        });
      await repo.updateConsent(
        consentId,
        'granted',
        { expiresAt: new Date(now.getTime() + BANKING_CONSENT_DAYS * DAY_MS) },
        now,
      );
      return items.changed(owner);
    },

    /** Disconnects the bank at once: items' BANKING is no longer granted. */
    async revoke(owner: Owner, consentId: string) {
      const consent = await repo.findConsent(consentId, owner);
      if (!consent || consent.status !== 'granted') throw notFound(consentId);
      const now = clock.now();
      const ended = await repo.updateConsent(consentId, 'granted', { status: 'revoked' }, now);
      if (ended?.providerConsentId) await openBanking.revoke(ended.providerConsentId);
      await repo.setBanking(owner.userId, owner.partnerId, false, now);
      return items.changed(owner);
    },
  };
}
export type ConsentsService = ReturnType<typeof consentsService>;
