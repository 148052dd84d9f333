import { defineContracts } from '../contract.ts';
import { userIdQuerySchema } from '../user-scope.ts';
import { payoutConfigSchema, payoutMethodListSchema } from './schemas.ts';

/** Payout methods and configuration (spec 1 §7 "Payout methods"): the read side. */
export const payoutsContracts = defineContracts('payouts', {
  methods: {
    method: 'GET',
    path: '/platform/payouts/methods',
    summary: "The user's payout methods, preferred first; account numbers masked",
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: payoutMethodListSchema },
    errors: [400, 401, 404],
  },
  config: {
    method: 'GET',
    path: '/platform/payouts/config',
    summary: "The partner's payout supplier, providers and country",
    description: 'A partner without a payout service answers 400 PAYOUT_SERVICE_NOT_CONFIGURED.',
    access: 'signedIn',
    owner: { user: 'query.userId' },
    query: userIdQuerySchema,
    responses: { 200: payoutConfigSchema },
    errors: [400, 401, 404],
  },
});
