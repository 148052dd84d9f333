import { BANKING_HISTORY_MONTHS, type ClaimPeriod, type MonthRevenue } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import {
  ConsentUnavailableError,
  type OpenBankingPort,
} from '../../providers/open-banking/index.ts';
import { isLive } from './mappers.ts';
import type { ClaimsRepo, ConsentRow } from './repo.ts';

/** Whose business: an item's id and its owner. */
export interface Business {
  id: string;
  userId: string;
  partnerId: string;
}

/**
 * What the claims area reads from the customer's bank through their consent: the revenue
 * history a prediction starts from and the underwriter checks it against, and each period's
 * actual revenue once it has closed. Nothing without a live consent (null).
 */
export function bankRevenue(deps: {
  repo: ClaimsRepo;
  openBanking: OpenBankingPort;
  clock: Clock;
}) {
  const { repo, openBanking, clock } = deps;

  const liveConsent = async (business: Business): Promise<ConsentRow | undefined> => {
    const consent = await repo.grantedConsentOf(business.userId, business.partnerId);
    return isLive(consent, clock.now()) ? consent : undefined;
  };

  /** A read the bank refuses for the consent (revoked at the bank, say) is no figure. */
  const orNothing = async <T>(read: Promise<T>): Promise<T | null> => {
    try {
      return await read;
    } catch (error) {
      if (error instanceof ConsentUnavailableError) return null;
      throw error;
    }
  };

  return {
    liveConsent,

    /** The BANKING_HISTORY_MONTHS whole months before `before`'s month, oldest first. */
    async history(business: Business, before: Date): Promise<MonthRevenue[] | null> {
      const consent = await liveConsent(business);
      if (!consent?.providerConsentId) return null;
      const last = new Date(Date.UTC(before.getUTCFullYear(), before.getUTCMonth() - 1, 1));
      const first = new Date(
        Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - (BANKING_HISTORY_MONTHS - 1), 1),
      );
      return orNothing(
        openBanking.monthlyRevenue(
          consent.providerConsentId,
          business.id,
          { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1 },
          { year: last.getUTCFullYear(), month: last.getUTCMonth() + 1 },
        ),
      );
    },

    /** A period's actual revenue, once it has closed and while the consent is live. */
    async actual(
      business: Business,
      period: Pick<ClaimPeriod, 'start' | 'end'>,
    ): Promise<number | null> {
      const consent = await liveConsent(business);
      if (!consent?.providerConsentId) return null;
      return openBanking.revenueBetween(
        consent.providerConsentId,
        business.id,
        period.start,
        period.end,
      );
    },
  };
}
export type BankRevenue = ReturnType<typeof bankRevenue>;
