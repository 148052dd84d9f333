import { payoutsRoutes } from '@tern/domain/payouts/routes';
import { defineDataset } from '../../core/data/dataset.ts';

/** PAYOUT_METHODS: the user's payout methods, preferred first, account numbers masked. */
export const payoutMethodsDataset = defineDataset({
  name: 'PAYOUT_METHODS',
  stage: 2,
  fetch: ({ api, userId }, signal) =>
    api.read(payoutsRoutes.methods, { query: { userId } }, { signal }),
});

/** PAYOUT_CONFIGS: the partner's payout supplier, providers and country. */
export const payoutConfigDataset = defineDataset({
  name: 'PAYOUT_CONFIGS',
  stage: 2,
  fetch: ({ api, userId }, signal) =>
    api.read(payoutsRoutes.config, { query: { userId } }, { signal }),
});

export const datasets = [payoutMethodsDataset, payoutConfigDataset];
