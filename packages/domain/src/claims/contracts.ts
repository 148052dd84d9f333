import { defineContracts } from '../contract.ts';
import { claimsRoutes } from './routes.ts';
import { insuredItemListSchema, itemAlertListSchema, itemAlertsQuerySchema } from './schemas.ts';

/** Insured items and claims (spec 2 §7 "Items, alerts and claims"): the read side. */
export const claimsContracts = defineContracts('claims', {
  items: {
    ...claimsRoutes.items,
    summary: "The caller's insured items with their permissions",
    access: 'signedIn',
    responses: { 200: insuredItemListSchema },
    errors: [401],
  },
  alerts: {
    ...claimsRoutes.alerts,
    summary: "The caller's claims (item alerts), newest first",
    description:
      '`?active=true` gives the open claims; `?itemId&alertId` one claim (an empty list when it is not the caller’s).',
    access: 'signedIn',
    query: itemAlertsQuerySchema,
    responses: { 200: itemAlertListSchema },
    errors: [400, 401],
  },
});
