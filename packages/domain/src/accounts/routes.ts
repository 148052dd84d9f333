import { defineRoutes } from '../contract.ts';

/** The heads of the accounts routes every signed-in page reads at start (zod-free). */
export const accountsRoutes = defineRoutes('accounts', {
  details: { method: 'GET', path: '/platform/users/{id}' },
  access: { method: 'GET', path: '/platform/users/{id}/access' },
  events: { method: 'GET', path: '/platform/users/{id}/events' },
});
