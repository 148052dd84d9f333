import { insuredItemListSchema, itemAlertListSchema, itemAlertsQuerySchema } from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInSecurity } from '../signed-in.ts';
import type { ItemsService } from './service.ts';
import { errorResponses } from '../responses.ts';

/** Insured items and claims (spec 2 §7 "Items, alerts and claims"): the read side. */
export const itemsRoutes: FastifyPluginAsyncZod<{ items: ItemsService }> = async (
  api,
  { items },
) => {
  api.get(
    '/platform/items',
    {
      schema: {
        tags: ['items'],
        summary: "The caller's insured items with their permissions",
        security: signedInSecurity,
        response: { 200: insuredItemListSchema, ...errorResponses(401) },
      },
    },
    (request) => items.listItems(request.caller),
  );

  api.get(
    '/platform/items/views/item-alerts',
    {
      schema: {
        tags: ['items'],
        summary: "The caller's claims (item alerts), newest first",
        description:
          '`?active=true` gives the open claims; `?itemId&alertId` one claim (an empty list when it is not the caller’s).',
        security: signedInSecurity,
        querystring: itemAlertsQuerySchema,
        response: { 200: itemAlertListSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => items.listAlerts(request.caller, request.query),
  );
};
