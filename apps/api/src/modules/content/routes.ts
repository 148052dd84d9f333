import type { FastifyReply } from 'fastify';
import { HELP_CONTENT_CACHE_MS, TRANSLATION_CACHE_MS, type contentContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import { partnerConfig } from '../partners/index.ts';
import type { ContentService, Tagged } from './service.ts';

/**
 * Help content may be kept for 24 hours (spec 1 §9), translations too (spec 2 §9); the ETag
 * lets a cached copy be revalidated (`@fastify/etag`, registered for this area in index.ts,
 * answers 304 to a matching If-None-Match). Help content is the partner's (private); the
 * texts are the same for everyone (public).
 *
 * The ETag is the one the service gives, made from the answer's sources (its rows' file
 * hashes and the figures filled in; a reference document's or the texts' hash, worked out
 * once per process), not the plugin's hash of the body: the airport list and a language's
 * texts are hundreds of kilobytes, which the plugin would hash again on every request.
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
  // The namespaces follow the api-key's partner: a shared cache must not hand them to another.
  translations: async (request, reply) =>
    cacheable(reply, content.translations(request.params.file, partnerConfig(request.partner)), {
      scope: 'private',
      maxAgeMs: TRANSLATION_CACHE_MS,
    }),
});
