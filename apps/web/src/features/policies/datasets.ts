import { policiesRoutes } from '@tern/domain/policies/routes';
import { defineDataset } from '../../core/data/dataset.ts';

/**
 * POLICIES: the user's active policies, open-ended first, then latest end date first. The
 * API answers them so (spec 1 §7); the portal shows them in its order.
 */
export const policiesDataset = defineDataset({
  name: 'POLICIES',
  stage: 1,
  loud: true,
  fetch: ({ api, userId }, signal) =>
    api.read(policiesRoutes.list, { params: { id: userId } }, { signal }),
});

export const datasets = [policiesDataset];
