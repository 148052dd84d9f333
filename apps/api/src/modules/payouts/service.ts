import { AppError, type PayoutConfig, type PayoutMethod } from '@tern/domain';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { toPayoutMethod } from './mappers.ts';
import type { PayoutsRepo } from './repo.ts';

export function payoutsService(deps: { repo: PayoutsRepo }) {
  const { repo } = deps;
  return {
    /**
     * The user's payout methods. Answered whatever the partner's payout configuration: they
     * are the user's own records (a partner that drops its payout service still shows them).
     */
    async listMethods(owner: Owner): Promise<PayoutMethod[]> {
      const rows = await repo.listMethods(owner.userId, owner.partnerId);
      return rows.map(toPayoutMethod);
    },

    /** The partner's payout supplier, providers and country (spec 1 §3 "Payout config"). */
    config(partner: PartnerRow): PayoutConfig {
      const { payouts } = partnerConfig(partner);
      if (!payouts.supplier)
        throw new AppError('PAYOUT_SERVICE_NOT_CONFIGURED', {
          message: `Partner ${partner.id} has no payout service`,
        });
      return {
        payouts: { supplier: payouts.supplier, providers: payouts.providers },
        country: { iso: payouts.country.iso, currency: payouts.country.currency },
      };
    },
  };
}
export type PayoutsService = ReturnType<typeof payoutsService>;
