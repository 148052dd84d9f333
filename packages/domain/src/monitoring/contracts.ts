import { defineContracts } from '../contract.ts';
import { monitoringRoutes } from './routes.ts';
import { userIdParamsSchema } from '../user-scope.ts';
import {
  monitoringAlertListSchema,
  monitoringAlertsQuerySchema,
  subscribeRequestSchema,
  subscriberStatusSchema,
  subscriptionsQuerySchema,
  subscriptionsSchema,
} from './schemas.ts';

/**
 * Identity monitoring (spec 1 §7 "Monitoring service"): subscription and the read side. Only
 * partners with the monitoring configuration (`owl`) have it; to the others every route
 * answers 404 ROUTE_NOT_FOUND, as a route the API does not have.
 */
export const monitoringContracts = defineContracts('monitoring', {
  status: {
    ...monitoringRoutes.status,
    summary: "The user's subscription state: subscribed, initial scan done",
    access: 'signedIn',
    owner: { user: 'params.userId' },
    params: userIdParamsSchema,
    responses: { 200: subscriberStatusSchema },
    errors: [400, 401, 404],
  },
  subscribe: {
    method: 'POST',
    path: '/owl/subscribers/{userId}',
    summary: 'Subscribe the user to monitoring (idempotent); runs the initial scan',
    access: 'signedIn',
    owner: { user: 'params.userId', partner: 'body.partnerId' },
    params: userIdParamsSchema,
    body: subscribeRequestSchema,
    responses: { 200: subscriberStatusSchema },
    errors: [400, 401, 404],
  },
  subscriptions: {
    ...monitoringRoutes.subscriptions,
    summary: "The user's monitored items keyed by data type, with each type's limit",
    description: 'Values are answered masked only.',
    access: 'signedIn',
    owner: { user: 'params.userId' },
    params: userIdParamsSchema,
    query: subscriptionsQuerySchema,
    responses: { 200: subscriptionsSchema },
    errors: [400, 401, 404],
  },
  alerts: {
    ...monitoringRoutes.alerts,
    summary: "The user's monitoring alerts, newest first",
    description:
      '`filter=complete` (default) gives every alert, `filter=open` those not completed.',
    access: 'signedIn',
    owner: { user: 'params.userId' },
    params: userIdParamsSchema,
    query: monitoringAlertsQuerySchema,
    responses: { 200: monitoringAlertListSchema },
    errors: [400, 401, 404],
  },
});
