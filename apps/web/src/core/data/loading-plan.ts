import { DATASET_NAMES } from '@tern/domain/constants';
import type { Dataset } from './dataset.ts';

/** One stage of the data loading after login: its datasets load together. */
export type LoadingStage = { datasets: readonly Dataset[] };

/**
 * Spec 1 §4 "Data loading after login" from the datasets the partner's areas load, each in
 * its stage: 1. user details and policies; 2. payout methods and config (not with
 * monitoring); 3. the configuration's own (parametric: items and alerts; monitoring: the
 * subscription, then monitored data and alerts; default: passengers, luggage, trips). A
 * stage no area fills is skipped; within a stage datasets keep the spec's order.
 */
export function loadingPlan(datasets: readonly Dataset[]): LoadingStage[] {
  const order = (d: Dataset) => DATASET_NAMES.indexOf(d.name);
  return [1, 2, 3]
    .map((stage) => ({
      datasets: datasets.filter((d) => d.stage === stage).sort((a, b) => order(a) - order(b)),
    }))
    .filter((stage) => stage.datasets.length > 0);
}
