import type { FastifyInstance } from 'fastify';

/**
 * Conditional GET for answers whose route gives them an ETag (help content): a request
 * whose If-None-Match names it is answered 304 with no body, so a cached copy is
 * revalidated for the price of the headers.
 */
export function registerConditionalGet(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    const etag = reply.getHeader('etag');
    const asked = request.headers['if-none-match'];
    if (typeof etag !== 'string' || !asked) return payload;
    if (!asked.split(',').some((candidate) => candidate.trim() === etag)) return payload;
    void reply.code(304).removeHeader('content-length').removeHeader('content-type');
    return '';
  });
}
