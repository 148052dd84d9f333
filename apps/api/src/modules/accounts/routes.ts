import {
  apiErrorSchema,
  partnerPathSchema,
  supportRequestSchema,
  supportTicketSchema,
} from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupportService } from './support-service.ts';

/** Account area routes that need only the partner's api-key. */
export const accountsRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (
  api,
  { support },
) => {
  api.post(
    '/platform/user/support/:partnerId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a support request to the partner',
        params: partnerPathSchema,
        body: supportRequestSchema,
        response: {
          201: supportTicketSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
      // People do not write more than a few support requests a minute.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const ticket = await support.submit(request.partner, request.params.partnerId, request.body);
      return reply.status(201).send(ticket);
    },
  );
};
