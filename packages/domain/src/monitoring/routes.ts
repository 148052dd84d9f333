import { defineRoutes } from '../contract.ts';

/** The heads of the monitoring routes the portal reads at sign-in (zod-free). */
export const monitoringRoutes = defineRoutes('monitoring', {
  status: { method: 'GET', path: '/monitoring/subscribers/{userId}' },
  scan: { method: 'GET', path: '/owl/subscribers/{userId}/scan' },
  subscriptions: { method: 'GET', path: '/owl/subscribers/{userId}/subscriptions' },
  alerts: { method: 'GET', path: '/owl/subscribers/{userId}/subscriptions/alerts/' },
});
