import { defineContracts } from '../contract.ts';
import { luggageRoutes } from './routes.ts';
import { lostBagListSchema } from './schemas.ts';

/** Lost luggage (spec 2 §7 "Luggage"): the read side. */
export const luggageContracts = defineContracts('luggage', {
  bags: {
    ...luggageRoutes.bags,
    summary: "The caller's lost-bag reports, newest first",
    access: 'signedIn',
    responses: { 200: lostBagListSchema },
    errors: [401],
  },
});
