import { defineRoutes } from '../contract.ts';

/** The heads of the claims routes the portal reads at sign-in (zod-free). */
export const claimsRoutes = defineRoutes('claims', {
  items: { method: 'GET', path: '/platform/items' },
  alerts: { method: 'GET', path: '/platform/items/views/item-alerts' },
});
