import { defineRoutes } from '../contract.ts';

/** The heads of the travel routes the portal reads at sign-in (zod-free). */
export const travelRoutes = defineRoutes('travel', {
  passengers: { method: 'GET', path: '/travel/passengers' },
  trips: { method: 'GET', path: '/travel/trips' },
});
