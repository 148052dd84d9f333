import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT, AppError } from '@tern/domain';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { partnersRepo, type PartnerRow } from './modules/partners/repo.ts';
import { partnersService } from './modules/partners/service.ts';
import { partnersRoutes } from './modules/partners/routes.ts';
import { webRoutes } from './web/routes.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { supportRepo } from './modules/accounts/support-repo.ts';
import { supportService } from './modules/accounts/support-service.ts';
import { sessionsRepo } from './modules/accounts/sessions-repo.ts';
import { sessionsService } from './modules/accounts/sessions-service.ts';
import { auditRepo } from './modules/accounts/audit-repo.ts';
import { accountsServices } from './modules/accounts/services.ts';
import { policiesRepo } from './modules/policies/repo.ts';
import { policiesService } from './modules/policies/service.ts';
import { policiesRoutes } from './modules/policies/routes.ts';
import { encryptionFor } from './lib/encryption-for.ts';
import type { NotificationsPort } from './providers/notifications/port.ts';
import { outboxRepo } from './providers/notifications/outbox-repo.ts';
import { simulatedNotifications } from './providers/notifications/simulated.ts';
import { devOutboxRoutes } from './providers/notifications/dev-outbox-routes.ts';
import { authenticated } from './plugins/auth.ts';
import { payoutsRepo } from './modules/payouts/repo.ts';
import { payoutsService } from './modules/payouts/service.ts';
import { payoutsRoutes } from './modules/payouts/routes.ts';
import { itemsRepo } from './modules/items/repo.ts';
import { itemsService } from './modules/items/service.ts';
import { itemsRoutes } from './modules/items/routes.ts';
import { monitoringRepo } from './modules/monitoring/repo.ts';
import { monitoringService } from './modules/monitoring/service.ts';
import { monitoringRoutes } from './modules/monitoring/routes.ts';
import { travelRepo } from './modules/travel/repo.ts';
import { travelService } from './modules/travel/service.ts';
import { travelRoutes } from './modules/travel/routes.ts';
import { luggageRepo } from './modules/luggage/repo.ts';
import { luggageService } from './modules/luggage/service.ts';
import { luggageRoutes } from './modules/luggage/routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner identified by the `api-key` header (every /api/v1 call). */
    partner: PartnerRow;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Where log lines go (stdout by default); tests read them to prove what is left out. */
  logStream?: NodeJS.WritableStream;
  /** Email and SMS delivery; by default the simulator that keeps every message in the outbox. */
  notifications?: NotificationsPort;
}

/** Services built once per app from its dependencies; tests reach them through `app.services`. */
function buildServices({ config, database, clock = systemClock, notifications }: AppDeps) {
  const partners = partnersService({
    repo: partnersRepo(database.db),
    clock,
    defaultPartnerId: config.DEFAULT_PARTNER_ID,
  });
  const support = supportService({ repo: supportRepo(database.db) });
  const sessions = sessionsService({
    repo: sessionsRepo(database.db),
    audit: auditRepo(database.db),
    clock,
  });
  const outbox = outboxRepo(database.db);
  const notify = notifications ?? simulatedNotifications(outbox);
  const policyRows = policiesRepo(database.db);
  const policies = policiesService({ repo: policyRows });
  const accounts = accountsServices({
    db: database.db,
    clock,
    sessions,
    partners: partnersRepo(database.db),
    policies: policyRows,
    notifications: notify,
    encryption: encryptionFor(config),
  });
  const payouts = payoutsService({ repo: payoutsRepo(database.db) });
  const items = itemsService({ repo: itemsRepo(database.db) });
  const monitoring = monitoringService({ repo: monitoringRepo(database.db), clock });
  const travel = travelService({ repo: travelRepo(database.db) });
  const luggage = luggageService({ repo: luggageRepo(database.db) });
  return {
    partners,
    support,
    sessions,
    accounts,
    policies,
    outbox,
    notifications: notify,
    payouts,
    items,
    monitoring,
    travel,
    luggage,
  };
}
export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every route as registered, so a test can hold the OpenAPI document against it. */
    routeTable: { method: string; url: string }[];
  }
}

/** Builds the whole API from explicit dependencies; `main.ts` only starts it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    bodyLimit: config.BODY_LIMIT,
    // Request ids let a log line be tied to the request a user reports.
    requestIdHeader: false,
    // SSO tokens (JWTs, a few hundred characters) travel as a path parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The API speaks JSON (uploads add their own parser): other bodies answer 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');

  const services = buildServices(deps);
  app.decorate('services', services);
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.decorateRequest('partner', null as unknown as PartnerRow);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    // Only the partners' own portals may call the API from a browser.
    origin: (origin, callback) => {
      if (!origin) return callback(null, false);
      services.partners.isAllowedOrigin(origin).then(
        (ok) => {
          callback(null, ok);
        },
        (error: Error) => {
          callback(error, false);
        },
      );
    },
    allowedHeaders: ['content-type', 'api-key', 'authorization'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('RATE_LIMITED', {
        message: `Too many requests, retry in ${context.after}`,
      });
      return Object.assign(error, { statusCode: 429 });
    },
  });
  await registerOpenApi(app);

  app.get(
    '/healthz',
    {
      schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } },
      config: { rateLimit: false },
    },
    async () => {
      await database.db.execute('select 1');
      return { status: 'ok' as const };
    },
  );

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        request.partner = await services.partners.authenticateApiKey(
          request.headers['api-key'] as string | undefined,
        );
      });
      await api.register(partnersRoutes, { partners: services.partners });
      await api.register(accountsRoutes, {
        support: services.support,
        accounts: services.accounts,
        sessions: services.sessions,
        authRateLimitMax: config.AUTH_RATE_LIMIT_MAX,
      });
      // The datasets a portal loads after login (spec 1 §4): each needs a signed-in caller.
      await authenticated(api, services.sessions, async (scope) => {
        await scope.register(policiesRoutes, { policies: services.policies });
        await scope.register(payoutsRoutes, { payouts: services.payouts });
        await scope.register(itemsRoutes, { items: services.items });
        await scope.register(monitoringRoutes, { monitoring: services.monitoring });
        await scope.register(travelRoutes, { travel: services.travel });
        await scope.register(luggageRoutes, { luggage: services.luggage });
      });
    },
    { prefix: API_ROOT },
  );

  // Sign-in codes and reset links a person needs on a laptop; never served in production.
  if (config.NODE_ENV !== 'production')
    await app.register(devOutboxRoutes, { outbox: services.outbox });
  await app.register(webRoutes, { partners: services.partners, webDist: config.WEB_DIST });
  return app;
}
