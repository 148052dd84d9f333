import {
  clientQuerySchema,
  clientRecordSchema,
  themeConfigSchema,
  themeParamsSchema,
} from '@tern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PartnersService } from './service.ts';
import { errorResponses } from '../responses.ts';

/** Partner client record and theme configuration (spec 1 §7, first lines). */
export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  api,
  { partners },
) => {
  api.get(
    '/platform/client',
    {
      schema: {
        tags: ['partners'],
        summary: 'The partner that serves a domain: id, CMS bundle and branding',
        description:
          'An unknown domain answers the default partner, so a portal never renders blank.',
        querystring: clientQuerySchema,
        response: { 200: clientRecordSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => partners.clientRecord(request.query.domain),
  );

  api.get(
    '/themes/:theme/config.json',
    {
      schema: {
        tags: ['partners'],
        summary: "A theme's palette, images and configuration flags",
        description: 'A theme no partner has answers the baseline theme.',
        params: themeParamsSchema,
        response: { 200: themeConfigSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // Browsers may keep a theme for a short while; the web app caches it for a day itself.
      reply.header('cache-control', 'private, max-age=300');
      return partners.themeConfig(request.params.theme);
    },
  );
};
