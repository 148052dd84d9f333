import { payoutConfigSchema, payoutMethodListSchema, userIdQuerySchema } from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelf } from '../../plugins/auth.ts';
import { signedInSecurity } from '../signed-in.ts';
import type { PayoutsService } from './service.ts';
import { errorResponses } from '../responses.ts';

/** Payout methods and configuration (spec 1 §7 "Payout methods"): the read side. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (
  api,
  { payouts },
) => {
  api.get(
    '/platform/payouts/methods',
    {
      schema: {
        tags: ['payouts'],
        summary: "The user's payout methods, preferred first; account numbers masked",
        security: signedInSecurity,
        querystring: userIdQuerySchema,
        response: { 200: payoutMethodListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.query.userId);
      return payouts.listMethods(request.caller);
    },
  );

  api.get(
    '/platform/payouts/config',
    {
      schema: {
        tags: ['payouts'],
        summary: "The partner's payout supplier, providers and country",
        description:
          'A partner without a payout service answers 400 PAYOUT_SERVICE_NOT_CONFIGURED.',
        security: signedInSecurity,
        querystring: userIdQuerySchema,
        response: { 200: payoutConfigSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      assertSelf(request, request.query.userId);
      return payouts.config(request.partner);
    },
  );
};
