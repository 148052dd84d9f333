import type { FastifyInstance } from 'fastify';
import { AppError } from '@tern/domain';

/**
 * A host this server keeps for a few pages of its own on another origin than any portal (the
 * card vault's frame, the demo shop): its routes answer on that host only (a route
 * constraint), and nothing else of this server answers there — a portal page or an API call
 * on that origin could reach into what the host's pages hold, or pass for them.
 *
 * `host` is the Host header's value, port included (`vault.localhost:3000`). Routes are
 * declared with `own(url)` and `constraints`.
 */
export function reservedHost(app: FastifyInstance, host: string, name: string) {
  const own = new Set<string>();
  app.addHook('onRequest', async (request) => {
    if (request.headers.host?.toLowerCase() !== host) return;
    if (own.has(request.routeOptions.url ?? '')) return;
    throw new AppError('ROUTE_NOT_FOUND', {
      message: `No route ${request.method} ${request.url.split('?')[0]} on ${name}`,
    });
  });
  return {
    constraints: { host },
    /** A route's url, declared one of the host's own. */
    own(url: string): string {
      own.add(url);
      return url;
    },
  };
}
