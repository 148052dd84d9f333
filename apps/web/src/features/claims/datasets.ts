import { claimsRoutes } from '@tern/domain/claims/routes';
import { defineDataset } from '../../core/data/dataset.ts';

/** ITEMS: the user's insured items (parametric premises) with their permissions. */
export const itemsDataset = defineDataset({
  name: 'ITEMS',
  stage: 3,
  fetch: ({ api }, signal) => api.read(claimsRoutes.items, {}, { signal }),
});

/** ITEM_ALERTS: the user's open claims. */
export const itemAlertsDataset = defineDataset({
  name: 'ITEM_ALERTS',
  stage: 3,
  fetch: ({ api }, signal) =>
    api.read(claimsRoutes.alerts, { query: { active: 'true' } }, { signal }),
});

export const datasets = [itemsDataset, itemAlertsDataset];
