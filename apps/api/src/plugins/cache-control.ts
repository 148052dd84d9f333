import type { FastifyInstance } from 'fastify';

/**
 * No answer is kept by a browser or a proxy unless its route says it may be (help content,
 * texts, images, built files): sessions, one-time codes, TOTP secrets, personal data, the
 * runtime configuration with its key, and every error answer are `no-store`.
 */
export function noStoreByDefault(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
