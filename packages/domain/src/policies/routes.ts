import { defineRoutes } from '../contract.ts';

/** The heads of the policies routes the portal reads at sign-in (zod-free). */
export const policiesRoutes = defineRoutes('policies', {
  list: { method: 'GET', path: '/platform/users/{id}/policies' },
});
