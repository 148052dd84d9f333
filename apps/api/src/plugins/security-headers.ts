import type { FastifyInstance, FastifyReply } from 'fastify';
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

/**
 * A page's headers when `ancestors` may frame it (the widget's panels, issue 30): the page's
 * policy with that `frame-ancestors`, and no X-Frame-Options, which knows no list of origins
 * (browsers that read the policy ignore it; others would refuse every frame). Nothing of the
 * framed page leaves as a Referer, and it is never stored.
 */
function framedPageHeaders(
  page: Readonly<Record<string, string>>,
  ancestors: readonly string[],
): Record<string, string> {
  const { 'x-frame-options': _refused, ...headers } = page;
  const policy = page['content-security-policy'] ?? '';
  const directive = `frame-ancestors ${ancestors.join(' ')}`;
  return {
    ...headers,
    'content-security-policy': /frame-ancestors [^;]*/.test(policy)
      ? policy.replace(/frame-ancestors [^;]*/, directive)
      : `${policy};${directive}`,
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Gives a page's answer the headers of a page `ancestors` may frame (origins exactly, or
     * `'none'`) in place of those every other page gets.
     */
    framedPage: (reply: FastifyReply, ancestors: readonly string[]) => void;
  }
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: Readonly<HelmetOptions> & { isApi: (url: string) => boolean },
) {
  const { isApi, ...helmetOptions } = options;
  const page = helmetHeaders(helmetOptions);
  const api = apiHeaders(page);
  app.decorate('framedPage', (reply: FastifyReply, ancestors: readonly string[]) => {
    void reply.removeHeader('x-frame-options').headers(framedPageHeaders(page, ancestors));
  });
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApi(request.url) ? api : page);
    done();
  });
}
