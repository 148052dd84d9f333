import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. They depend on nothing in the request (no nonces), so
 * they are computed at start by running helmet against a stand-in response, and each answer
 * gets the finished headers. (@fastify/helmet builds helmet from its options on every
 * request: measured, that was the largest cost of a cached read after the network.)
 */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
  });
  return headers;
}

/**
 * What an API answer needs (OWASP REST security): JSON is never rendered, framed or kept in
 * a cache — a route whose answer may be cached says so itself. The page-only headers (the
 * portal's CSP, opener and referrer policies…) are left off: they cost every answer their
 * validation and bytes for nothing.
 */
function apiHeaders(pageHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'cross-origin-resource-policy',
  ];
  return {
    ...Object.fromEntries(
      kept.flatMap((name) => (pageHeaders[name] ? [[name, pageHeaders[name]]] : [])),
    ),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    // Cache-Control: no-store unless the route says otherwise (plugins/cache-control.ts).
  };
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: Readonly<HelmetOptions> & { isApi: (url: string) => boolean },
) {
  const { isApi, ...helmetOptions } = options;
  const page = helmetHeaders(helmetOptions);
  const api = apiHeaders(page);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApi(request.url) ? api : page);
    done();
  });
}
