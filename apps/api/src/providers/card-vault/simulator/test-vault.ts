import Fastify, { type FastifyInstance } from 'fastify';
import { API_ROOT } from '@tern/domain';
import { testConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { fakeClock } from '../../../lib/clock.ts';
import { createFingerprints } from '../../../lib/fingerprints.ts';
import { registerErrorHandling } from '../../../plugins/errors.ts';
import { loggerOptions, urlRedaction } from '../../../plugins/logging.ts';
import { registerSecurityHeaders } from '../../../plugins/security-headers.ts';
import { simulatedCardVault } from './index.ts';
import { cardVaultPages } from './pages.ts';

/**
 * The vault's tests' app: the vault's routes as the monitoring area registers them, on an app
 * with what of `buildApp` they meet (its error handler, security headers, logger and its URL
 * redaction) and a stand-in for the portal's pages, which answer every other GET.
 */

export const VAULT_ORIGIN = 'http://vault.localhost:3000';
export const VAULT_HOST = new URL(VAULT_ORIGIN).host;
export const PORTAL_ORIGIN = 'http://identity.localhost:3000';
export const PORTAL_HOST = new URL(PORTAL_ORIGIN).host;
export const PORTAL_PAGE = '<!doctype html><title>The portal</title>';

export async function vaultOn(
  database: Database,
  { logStream }: { logStream?: NodeJS.WritableStream } = {},
) {
  const clock = fakeClock(new Date('2026-03-15T12:00:00Z'));
  const deps = {
    db: database.db,
    clock,
    fingerprints: createFingerprints(Buffer.alloc(32, 9)),
    origin: VAULT_ORIGIN,
  };
  const redaction = urlRedaction();
  const app: FastifyInstance = Fastify({
    logger: logStream
      ? loggerOptions(testConfig({ LOG_LEVEL: 'trace' }), redaction, logStream)
      : false,
  });
  app.addHook('onRoute', (route) => {
    if (route.config?.credentialParams) redaction.declare(route.url, route.config.credentialParams);
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    isApi: (url) => url.startsWith(`${API_ROOT}/`),
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'self'"] } },
  });
  // The app's routes before the vault's: the portal's pages, one of its files, an API route.
  app.get('/*', async (_request, reply) => reply.type('text/html').send(PORTAL_PAGE));
  app.get('/index.html', async (_request, reply) => reply.type('text/html').send(PORTAL_PAGE));
  app.get(`${API_ROOT}/ping`, async () => ({ pong: true }));
  cardVaultPages(app, deps);
  await app.ready();
  return { app, clock, port: simulatedCardVault(deps) };
}

/**
 * What the frame's script does with what the user typed, through the vault's routes: opens
 * the page (as the portal's frame) and posts the number where the page says. The token, or
 * null when the vault refused.
 */
export async function typeInFrame(app: FastifyInstance, url: string, number: string) {
  const { host, pathname } = new URL(url);
  const page = await app.inject({ method: 'GET', url: pathname, headers: { host } });
  if (page.statusCode !== 200) return null;
  const action = /data-action="([^"]+)"/.exec(page.body)?.[1];
  const answer = await app.inject({
    method: 'POST',
    url: action!,
    headers: { host, origin: VAULT_ORIGIN },
    payload: { number },
  });
  return answer.statusCode === 201 ? answer.json<{ token: string }>().token : null;
}
