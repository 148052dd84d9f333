import type { DatasetName } from '@tern/domain/constants';
import type { PartnerMode } from '@tern/domain/partners/config';

/**
 * One stage of the data loading after login; its datasets load together, and the next stage
 * starts when they have all answered. `subscription` is the monitoring subscription (read,
 * and created when inactive): not a dataset, but the monitored data waits for it.
 */
export type LoadingStage = { datasets: readonly DatasetName[]; afterSubscription?: boolean };

/**
 * Spec 1 §4 "Data loading after login":
 * 1. user details and policies;
 * 2. unless monitoring: payout methods and payout config;
 * 3. parametric: items and alerts; monitoring: the subscription, then monitored data and
 *    alerts; default: passengers, luggage and trips.
 */
export function loadingPlan(mode: PartnerMode): LoadingStage[] {
  const first: LoadingStage = { datasets: ['USER_DETAILS', 'POLICIES'] };
  const payouts: LoadingStage = { datasets: ['PAYOUT_METHODS', 'PAYOUT_CONFIGS'] };
  switch (mode) {
    case 'parametric':
      return [first, payouts, { datasets: ['ITEMS', 'ITEM_ALERTS'] }];
    case 'monitoring':
      return [first, { datasets: ['OWL_MONITORED_DATA', 'OWL_ALERTS'], afterSubscription: true }];
    case 'default':
      return [first, payouts, { datasets: ['PASSENGERS', 'LUGGAGE', 'TRIPS'] }];
  }
}

/** Every dataset a configuration loads: all of them listed means loading is complete. */
export const planDatasets = (plan: readonly LoadingStage[]): DatasetName[] =>
  plan.flatMap((stage) => stage.datasets);
