import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { WIDGET_EMBED_SCRIPT_PATH } from '@tern/domain/widget/panels';
import { browserBundle } from '../lib/browser-bundle.ts';

/** The widget's embed script, from the portal's widget feature (apps/web). */
export const embedBundle = browserBundle(
  fileURLToPath(new URL('../../../web/src/features/widget/embed/embed.ts', import.meta.url)),
);

/**
 * `/embed.js` on every partner portal's origin: the script a partner's own page includes to
 * place widget panels (issue 30). Its address has no version (partners paste it once), so it
 * is kept five minutes; pages on other origins load it, so its resource policy says so.
 */
export function registerEmbedScript(app: FastifyInstance) {
  app.get(WIDGET_EMBED_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const { code, version } = await embedBundle();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('etag', `"${version}"`)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(code);
  });
}
