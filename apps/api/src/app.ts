import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT, AppError } from '@tern/domain';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { noStoreByDefault } from './plugins/cache-control.ts';
import {
  answerFrameworkError,
  refuseUnstorableText,
  registerErrorHandling,
} from './plugins/errors.ts';
import { loggerOptions, urlRedaction } from './plugins/logging.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { contractSerializer } from './plugins/serializer.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerUploads } from './plugins/uploads.ts';
import { webRoutes } from './web/routes.ts';
import { encryptionFor } from './lib/encryption-for.ts';
import { fingerprintsFor } from './lib/fingerprints.ts';
import { createJobs } from './jobs.ts';
import { createLiveEvents } from './live/events.ts';
import { createSignals } from './live/signals.ts';
import { simulatedClock } from './providers/clock/simulated.ts';
import { usersRepo } from './modules/accounts/index.ts';
import { composeProviders, type Providers } from './providers/index.ts';
import { queuedNotifications } from './providers/notifications/queue.ts';
import { outboxRepo } from './providers/notifications/outbox-repo.ts';
import { partnerBrands } from './providers/notifications/brand.ts';
import { devOutboxRoutes } from './providers/notifications/dev-outbox-routes.ts';
import { demoShopPages } from './seed/demo-shop/pages.ts';
import type { AreaModule, Platform } from './platform.ts';
import { partnerEvents, partnersModule } from './modules/partners/index.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { policiesModule } from './modules/policies/index.ts';
import { payoutsModule } from './modules/payouts/index.ts';
import { claimsModule } from './modules/claims/index.ts';
import { monitoringModule } from './modules/monitoring/index.ts';
import { travelModule } from './modules/travel/index.ts';
import { resolutionsModule } from './modules/resolutions/index.ts';
import { luggageModule } from './modules/luggage/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { contentModule } from './modules/content/index.ts';
import { widgetModule } from './modules/widget/index.ts';
import { clientKey } from './lib/client-address.ts';

/**
 * The areas of the API, in the order they are registered: each may use what the ones
 * before it provide (partners: who is calling; accounts: sessions).
 */
const areaModules: readonly AreaModule[] = [
  partnersModule,
  accountsModule,
  policiesModule,
  payoutsModule,
  monitoringModule,
  travelModule,
  documentsModule,
  claimsModule,
  luggageModule,
  resolutionsModule,
  contentModule,
  widgetModule,
];

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Where log lines go (stdout by default); tests read them to prove what is left out. */
  logStream?: NodeJS.WritableStream;
  /**
   * Providers a test gives itself (a payout provider that fails…); every other is the one the
   * configuration names (`providers/index.ts`).
   */
  providers?: Partial<Providers>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, so a test can hold the contracts and OpenAPI against it. */
    routeTable: { method: string; url: string }[];
  }
}

/** A call to the API, as opposed to the portal's pages, files and images or /healthz. */
const isApiRequest = (url: string) => url.startsWith(`${API_ROOT}/`);

/** TRUST_PROXY as Fastify takes it: a number of hops is "trust the first n". */
const trustProxyOption = (trust: Config['TRUST_PROXY']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * Clients send `Content-Type: application/json` on every call (spec 1 §7), also on a PUT or
 * DELETE that carries nothing: an empty body is no body (a route that needs one still answers
 * 400 for it), anything else is parsed as Fastify would.
 */
function allowEmptyJson(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parse(request, text, done);
  });
}

/** Builds the whole API from explicit dependencies; `main.ts` only starts it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  // Filled as routes register (below): the credentials their paths carry stay out of the log.
  const redaction = urlRedaction();
  const routeTable: { method: string; url: string }[] = [];
  const app = Fastify({
    logger: loggerOptions(config, redaction, deps.logStream),
    bodyLimit: config.BODY_LIMIT,
    // Request ids let a log line be tied to the request a user reports.
    requestIdHeader: false,
    // SSO tokens (JWTs, a few hundred characters) travel as a path parameter.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    // Whose X-Forwarded-For is believed: the client address every limit counts by.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A path the router cannot decode answers in the catalogue's shape, naming its parameter.
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(error, request, reply, routeTable),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializer({ check: config.NODE_ENV !== 'production' }));
  registerErrorHandling(app);
  refuseUnstorableText(app);
  noStoreByDefault(app);
  // The API speaks JSON (uploads add their own parser): other bodies answer 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');
  allowEmptyJson(app);

  const outbox = outboxRepo(database.db);
  const users = usersRepo(database.db);
  const encryption = encryptionFor(config);
  const fingerprints = fingerprintsFor(config);
  const signals = createSignals(database, app.log);
  const simulated =
    !deps.clock && config.SIM_CLOCK ? await simulatedClock(database, signals) : undefined;
  const clock = deps.clock ?? simulated ?? systemClock;
  const jobs = createJobs(database, { clock: simulated });
  // Work that runs on a schedule (the sweeps) looks again at once when the operator moves the
  // simulated clock, as it would have in the time skipped; one waiting run per job however
  // many instances hear it.
  simulated?.onMove(() => {
    for (const job of jobs.definitions())
      if (job.schedule) void jobs.add(job, {}, { key: `${job.name}:clock` });
  });
  const live = createLiveEvents({ db: database.db, signals, jobs, clock, log: app.log });
  // Open streams end before the server stops taking connections, which waits for them.
  app.addHook('preClose', async () => live.close());
  app.addHook('onClose', () => signals.close());
  const { delivery, ...ports } = composeProviders(
    config,
    {
      db: database.db,
      clock,
      log: app.log,
      outbox,
      encryption,
      fingerprints,
      // The partners module registers below, after the platform it is built from: the brand
      // is read through it at delivery time, when the worker runs (it starts once the app is
      // ready, every module registered) — as CORS reads it per request.
      brandOf: partnerBrands({
        byId: (id) => app.partners.byId(id),
        asset: (theme, name) => app.partners.asset(theme, name),
      }),
    },
    deps.providers,
  );
  const platform: Platform = {
    config,
    db: database.db,
    clock,
    encryption,
    fingerprints,
    jobs,
    notifications: queuedNotifications({
      jobs,
      encryption,
      // Read when a message is delivered: a preference changed after it was queued counts.
      consent: (userId, channel) => users.marketingConsent(userId, channel),
      delivery,
    }),
    ...ports,
    signals,
    live,
    // One for the whole app: every area raises its events through it (the partners module
    // registers the job that delivers them).
    partnerEvents: partnerEvents({ db: database.db, jobs, clock }),
  };
  app.decorate('platform', platform);
  // The worker runs in this process unless RUN_JOBS is off (a separate `npm run worker`).
  if (config.RUN_JOBS) {
    app.addHook('onReady', () => jobs.start(app.log));
    app.addHook('onClose', () => jobs.stop());
  }
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    // HEAD routes are Fastify's copies of GET ones: one declaration each.
    if (route.config?.credentialParams && route.method !== 'HEAD')
      redaction.declare(route.url, route.config.credentialParams);
  });

  registerSecurityHeaders(app, {
    isApi: isApiRequest,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // blob: the preview of a photo chosen for upload, before it leaves the device.
        imgSrc: ["'self'", 'data:', 'blob:'],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // The card vault's card-entry frame runs on its own origin (monitoring's card form).
        frameSrc: ["'self'", ports.cardVault.origin],
        // The portal is framed by nobody, itself included (issue 30): its widget panels are
        // the pages a partner's own page may frame, each with its own list (modules/widget).
        frameAncestors: ["'none'"],
        // Outside production the portal is served on plain http (the journeys, `npm run dev`):
        // upgrading would send a redirect's target (a photo's signed link) to https, which fails.
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // As the policy says, for browsers that read only this header.
    xFrameOptions: { action: 'deny' },
  });
  await app.register(cors, {
    // Only the partners' own portals may call the API from a browser.
    origin: (origin, callback) => {
      if (!origin) return callback(null, false);
      // The partners module registers below; this runs per request, once it has.
      app.partners.isAllowedOrigin(origin).then(
        (ok) => {
          callback(null, ok);
        },
        (error: Error) => {
          callback(error, false);
        },
      );
    },
    allowedHeaders: ['content-type', 'api-key', 'authorization', 'last-event-id'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });
  // A guard of capacity, per process (ADR 0008): the API only. The portal's files, its HTML
  // and theme images are what every first visit fetches by the dozen, and /healthz is polled.
  // The abuse-prone routes have their own limits per address, in the database.
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    allowList: (request) => !isApiRequest(request.url),
    // One client as the sign-in limits count one (an IPv6 /64 is one client: ADR 0010).
    keyGenerator: (request) => clientKey(request.ip),
    // The allowance is not advertised on every answer (three headers each time); a refusal
    // still says when to come back (Retry-After).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('RATE_LIMITED', {
        message: `Too many requests, retry in ${context.after}`,
      });
      return Object.assign(error, { statusCode: 429 });
    },
  });
  // Before every route: it hooks each route as it is added.
  await registerCompression(app);
  await registerOpenApi(app);
  await registerUploads(app);

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

  for (const module of areaModules) await app.register(module, platform);

  // Sign-in codes and reset links a person needs on a laptop; never served in production.
  if (config.NODE_ENV !== 'production') {
    await app.register(devOutboxRoutes, { outbox });
    // The demo partners' own shop, embedding their widget panels, on hosts of its own.
    demoShopPages(app, { port: config.PORT });
  }
  await app.register(webRoutes, {
    partners: app.partners,
    webDist: config.WEB_DIST,
    serverEntry: config.WEB_SERVER_ENTRY,
  });
  return app;
}
