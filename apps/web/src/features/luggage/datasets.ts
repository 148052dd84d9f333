import { luggageContracts } from '@tern/domain/luggage/contracts';
import { defineDataset } from '../../core/data/dataset.ts';

/** LUGGAGE: the user's lost-bag reports, newest first. */
export const luggageDataset = defineDataset({
  name: 'LUGGAGE',
  stage: 3,
  fetch: ({ api }, signal) => api.call(luggageContracts.bags, {}, { signal }),
});

export const datasets = [luggageDataset];
