import etag from '@fastify/etag';
import { contentContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { contentRepo } from './repo.ts';
import { contentRoutes } from './routes.ts';
import { contentService } from './service.ts';

export { contentRepo } from './repo.ts';
export { ContentImportError } from './import.ts';

/** Help content (spec 1 §7 "Content"): documents, questions and plan articles per bundle. */
export const contentModule = defineModule('content', ['partners'], async (app, { db, clock }) => {
  // A context of its own, so `@fastify/etag` sees these answers only. Each carries the ETag of
  // what it was made from (routes.ts), which the plugin keeps and answers 304 to; only a
  // refusal, which has none, gets the hash of its (small, `no-store`) body. Elsewhere it would
  // hash every answer on every request, for nothing: the other API answers are `no-store`,
  // and the portal's built files have their own ETags from @fastify/static.
  await app.register(async (content) => {
    await content.register(etag);
    registerContracts(
      content,
      contentContracts,
      contentRoutes(contentService({ repo: contentRepo(db), clock })),
    );
  });
});
