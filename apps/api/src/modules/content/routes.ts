import type { FastifyReply } from 'fastify';
import { HELP_CONTENT_CACHE_MS, TRANSLATION_CACHE_MS, type contentContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { ContentService, Tagged } from './service.ts';

/**
 * Help content may be kept for 24 hours (spec 1 §9), translations too (spec 2 §9); the ETag
 * lets a cached copy be revalidated (plugins/conditional.ts answers 304). Help content is the
 * partner's (private); the texts are the same for everyone (public).
 */
function cacheable<T>(
  reply: FastifyReply,
  answer: Tagged<T>,
  { scope, maxAgeMs }: { scope: 'private' | 'public'; maxAgeMs: number } = {
    scope: 'private',
    maxAgeMs: HELP_CONTENT_CACHE_MS,
  },
): T {
  void reply
    .header('etag', `"${answer.etag}"`)
    .header('cache-control', `${scope}, max-age=${maxAgeMs / 1000}`);
  return answer.value;
}

export const contentRoutes = (content: ContentService): Handlers<typeof contentContracts> => ({
  document: async (request, reply) =>
    cacheable(
      reply,
      await content.document(request.partner, request.params.id, request.params.lang),
    ),
  documentAnyLanguage: async (request, reply) =>
    cacheable(reply, await content.documentAnyLanguage(request.partner, request.params.id)),
  faq: async (request, reply) =>
    cacheable(reply, await content.faq(request.partner, request.params)),
  articles: async (request, reply) =>
    cacheable(
      reply,
      await content.articles(request.partner, request.params.bundle, request.params.locale),
    ),
  translations: async (request, reply) =>
    cacheable(reply, content.translations(request.params.file), {
      scope: 'public',
      maxAgeMs: TRANSLATION_CACHE_MS,
    }),
});
