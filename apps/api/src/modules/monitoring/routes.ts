import {
  monitoringAlertListSchema,
  monitoringAlertsQuerySchema,
  subscribeRequestSchema,
  subscriberStatusSchema,
  subscriptionsQuerySchema,
  subscriptionsSchema,
  userIdParamsSchema,
} from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelf } from '../../plugins/auth.ts';
import { signedInSecurity } from '../signed-in.ts';
import type { MonitoringService } from './service.ts';
import { errorResponses } from '../responses.ts';

const notOffered =
  'Partners without the monitoring configuration answer 404 ROUTE_NOT_FOUND, as for a route the API does not have.';

/** Identity monitoring (spec 1 §7 "Monitoring service"): subscription and the read side. */
export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (
  api,
  { monitoring },
) => {
  api.get(
    '/monitoring/subscribers/:userId',
    {
      schema: {
        tags: ['monitoring'],
        summary: "The user's subscription state: subscribed, initial scan done",
        description: notOffered,
        security: signedInSecurity,
        params: userIdParamsSchema,
        response: { 200: subscriberStatusSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return monitoring.status(request.partner, request.caller);
    },
  );

  api.post(
    '/owl/subscribers/:userId',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'Subscribe the user to monitoring (idempotent); runs the initial scan',
        description: notOffered,
        security: signedInSecurity,
        params: userIdParamsSchema,
        body: subscribeRequestSchema,
        response: { 200: subscriberStatusSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return monitoring.subscribe(request.partner, request.caller, request.body.partnerId);
    },
  );

  api.get(
    '/owl/subscribers/:userId/subscriptions',
    {
      schema: {
        tags: ['monitoring'],
        summary: "The user's monitored items keyed by data type, with each type's limit",
        description: `Values are answered masked only. ${notOffered}`,
        security: signedInSecurity,
        params: userIdParamsSchema,
        querystring: subscriptionsQuerySchema,
        response: { 200: subscriptionsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return monitoring.subscriptions(request.partner, request.caller, request.query.active);
    },
  );

  api.get(
    '/owl/subscribers/:userId/subscriptions/alerts',
    {
      schema: {
        tags: ['monitoring'],
        summary: "The user's monitoring alerts, newest first",
        description: `\`filter=complete\` (default) gives every alert, \`filter=open\` those not completed. ${notOffered}`,
        security: signedInSecurity,
        params: userIdParamsSchema,
        querystring: monitoringAlertsQuerySchema,
        response: { 200: monitoringAlertListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return monitoring.alerts(request.partner, request.caller, request.query.filter);
    },
  );
};
