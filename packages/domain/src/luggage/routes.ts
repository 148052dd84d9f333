import { defineRoutes } from '../contract.ts';

/** The heads of the luggage routes the portal reads at sign-in (zod-free). */
export const luggageRoutes = defineRoutes('luggage', {
  bags: { method: 'GET', path: '/travel/luggage/lost/bags' },
});
