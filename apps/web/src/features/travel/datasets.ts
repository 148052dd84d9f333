import { travelRoutes } from '@tern/domain/travel/routes';
import { defineDataset } from '../../core/data/dataset.ts';

/** PASSENGERS: the user's active passengers, the account holder first (the API's order). */
export const passengersDataset = defineDataset({
  name: 'PASSENGERS',
  stage: 3,
  fetch: ({ api, userId }, signal) =>
    api.read(travelRoutes.passengers, { query: { userId } }, { signal }),
});

/** TRIPS: the user's trips, latest first departure first (the API's order). */
export const tripsDataset = defineDataset({
  name: 'TRIPS',
  stage: 3,
  fetch: ({ api, userId }, signal) =>
    api.read(travelRoutes.trips, { query: { userId } }, { signal }),
});

export const datasets = [passengersDataset, tripsDataset];
