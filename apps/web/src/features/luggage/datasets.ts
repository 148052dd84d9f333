import { luggageRoutes } from '@tern/domain/luggage/routes';
import { defineDataset } from '../../core/data/dataset.ts';

/** LUGGAGE: the user's lost-bag reports, newest first. */
export const luggageDataset = defineDataset({
  name: 'LUGGAGE',
  stage: 3,
  fetch: ({ api }, signal) => api.read(luggageRoutes.bags, {}, { signal }),
});

export const datasets = [luggageDataset];
