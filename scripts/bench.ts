/**
 * `npm run bench`: API throughput and latency of key routes, each as a ratio against two
 * references measured in the same run on the same machine: a bare Fastify route, and a bare
 * Fastify route that makes one prepared query to the same database (and, for the routes that
 * write, one that commits one prepared insert). Then what a phone
 * receives on a first visit to the landing page and the signed-in dashboard, measured by
 * Lighthouse (scripts/lib/lighthouse-bench.ts). Load comes from autocannon in a child process
 * (-c 50), each with its p99; the key writes of every area among them, each connection its own
 * customer's or resource's (scripts/lib/writes-bench.ts, `--only writes`).
 * `npm run bench -- --only lighthouse` runs the Lighthouse part alone,
 * `--only lighthouse:dashboard` one page of it.
 * DATABASE_URL set → the Tern app runs on that PostgreSQL server; otherwise on an embedded
 * server started for the run in a temporary folder.
 * `npm run bench -- --only trips,payouts/methods` measures the references and only the routes
 * whose label holds one of the comma-separated parts (case-insensitive), and skips the other
 * sections: a quick loop while working on a few routes. Without it everything runs.
 * `npm run bench -- --json` prints the same figures as one JSON object:
 * `{ references: { bare, oneQuery, oneInsert }, routes: [{ route, rps, p99Ms, ratioBare,
 *    ratioOneQuery, ratioOneInsert (writes) }],
 *    loginsPerSecond, travel: { dashboard, detection, watch }, resolutions: { optionsCreated,
 *    optionsEvent }, luggage: { photoBytes, uploadMs, scanMs }, claims: { claimOpened,
 *    claimShown }, monitoring: { alertRaised, alertShown, scan }, firstLoad: { landing,
 *    dashboard } }`,
 *    each page's medians
 *    `{ performance, fcpMs, lcpMs, cls, tbtMs, transferredKb, requests }`.
 * The travel figures (scripts/lib/travel-bench.ts): the dashboard's data load after login,
 * the detection latency from an operator's delay to the live event, and one watch cycle at
 * 10,000 and 50,000 insured flights. The resolution figures (scripts/lib/resolutions-bench.ts):
 * an operator's delay to the options made and to their event on the open stream. The luggage
 * figures (scripts/lib/luggage-bench.ts, with `--only luggage` too): a bag's 3 MB photo from
 * the request to stored and to scanned, median and worst of 10, `{ median, worst }` in ms.
 * The claims figures (scripts/lib/claims-bench.ts, `--only claims` too): an operator's flood
 * at the demo café to the claim opened and to its card on the open page in Chromium, median
 * and worst of 10, and the customer's claims list with 11 claims. The monitoring figures
 * (scripts/lib/monitoring-bench.ts, `--only monitoring` too): an operator's breach with the
 * subscriber's email to the alert raised and shown on the open monitored-data page, median and
 * worst of 10; 100,000 monitored items against a new breach of 1,000,000 records (time, peak
 * memory); the subscriber's monitored-data read.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import {
  API_ROOT,
  accountsContracts,
  luggageContracts,
  claimsContracts,
  monitoringContracts,
  partnersContracts,
  payoutsContracts,
  policiesContracts,
  resolutionsContracts,
  routeName,
  travelContracts,
  urlFor,
  type ContractDef,
} from '@tern/domain';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/seed/seed-demo.ts';
import { DEMO_PASSWORD, demoEmail } from '../apps/api/src/seed/demo-world.ts';
import { keysFor } from '../apps/api/src/lib/encryption-for.ts';
import { paths } from '../apps/web/src/core/routing/paths.ts';
import { firstLoadBench, type FirstLoadPage } from './lib/lighthouse-bench.ts';
import { LIST_BAGS, luggageBench } from './lib/luggage-bench.ts';
import { TRIGGERS, claimsBench } from './lib/claims-bench.ts';
import { monitoringBench } from './lib/monitoring-bench.ts';
import { widgetBench, widgetHost } from './lib/widget-bench.ts';
import { optionsSubject, resolutionsBench } from './lib/resolutions-bench.ts';
import { benchUsers, travelBench, tripsBenchUser } from './lib/travel-bench.ts';
import { travel } from './lib/world.ts';
import { writeLoads, type ConnectionRequest } from './lib/writes-bench.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const LOGIN_CONNECTIONS = 4;
const json = process.argv.includes('--json');
/**
 * `--only a,b`: the parts a route's label must hold one of (`lighthouse` for the first-load
 * figures, `lighthouse:dashboard` for one page's); undefined runs everything.
 */
const only = (() => {
  const at = process.argv.indexOf('--only');
  if (at < 0) return undefined;
  const parts = (process.argv[at + 1] ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0) throw new Error('--only needs a route filter, e.g. --only trips');
  return parts;
})();
const LIGHTHOUSE = 'lighthouse';
/** `lighthouse:<page>` selects the first-load figures of that page alone. */
const lighthousePage = (part: string) =>
  part.startsWith(`${LIGHTHOUSE}:`) ? part.slice(LIGHTHOUSE.length + 1) : undefined;
const selected = (label: string) =>
  !only ||
  only.some((part) => label.toLowerCase().includes(lighthousePage(part) ? LIGHTHOUSE : part));
/** Whether the first-load figures of this page are asked for. */
const selectedPage = (page: string) =>
  !only || only.some((part) => part === LIGHTHOUSE || lighthousePage(part) === page.toLowerCase());
/** The routes that write: measured against a reference that commits one insert too. */
const isWrite = (route: string) => /^(POST|PUT|PATCH|DELETE) /.test(route);
const WRITE_REFERENCE = 'reference: bare Fastify POST, one prepared insert';
/** Human-readable lines, unless the figures go out as JSON. */
const say = (line: string) => {
  if (!json) console.log(line);
};

const run = promisify(execFile);

/** The path of a call to an endpoint, from its contract: API root, filled path, query. */
const pathOf = (
  contract: ContractDef,
  params: Record<string, unknown> = {},
  query?: Record<string, string>,
) => urlFor(API_ROOT, contract, params, query);
const routeLabel = (contract: ContractDef) => routeName(contract, API_ROOT);

/** autocannon in a child process (scripts/lib/load.mjs): the servers under test keep this one's event loop. */
async function autocannon(
  url: string,
  headers: Record<string, string> = {},
  options: {
    connections?: number;
    method?: string;
    body?: string;
    /** Each connection's own headers (its own user's session), on top of `headers`. */
    headersPerConnection?: Record<string, string>[];
    /** Each connection's own request (`url`'s origin, its own path, body and headers). */
    requestsPerConnection?: ConnectionRequest[];
  } = {},
) {
  const { connections = CONNECTIONS, ...rest } = options;
  const { stdout } = await run(
    process.execPath,
    [
      join(import.meta.dirname, 'lib/load.mjs'),
      JSON.stringify({ url, headers, connections, duration: DURATION_S, ...rest }),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  // The run's own folder: the embedded server's cluster, the uploaded photos' bytes.
  const scratch = mkdtempSync(join(tmpdir(), 'tern-bench-'));
  const database = await openDatabase({ databaseUrl, dataDir: scratch });
  await database.migrate();

  // The references: what Fastify alone answers, and with one prepared query on the same
  // database through its own pool of the same size.
  const referencePool = new pg.Pool(database.pool.options);
  // `end()` answers before its connections have closed: the embedded server, stopped right
  // after (a short `--only` run), ends them, which an unheard pool turns into a crash.
  referencePool.on('error', () => {});
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  bare.get<{ Params: { id: string } }>('/one-query/:id', async (request) => {
    const { rows } = await referencePool.query({
      name: 'bench_one_query',
      text: 'select id, first_name, surname, locale from users where id = $1',
      values: [request.params.id],
    });
    return rows[0];
  });
  // The write reference: one prepared insert, committed (to disk: the server is durable,
  // db/durability.ts), in a table of the bench's own that exists only while it is measured.
  bare.post<{ Params: { id: string } }>('/one-insert/:id', async (request) => {
    const { rows } = await referencePool.query({
      name: 'bench_one_insert',
      text: 'insert into bench_reference_writes (user_id) values ($1) returning id',
      values: [request.params.id],
    });
    return rows[0];
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000000',
    ABUSE_LIMIT_SCALE: '1000000',
    SEED_DEMO: 'false',
    DATA_DIR: scratch,
    // Production needs a key; a throw-away one suits a throw-away database.
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    FINGERPRINT_KEY: randomBytes(32).toString('base64'),
  });
  await seedDemo(database.db, keysFor(config));
  // The partner's own page for the widget figures, among its embedding origins before the app
  // reads them.
  const widgetLabel = 'widget (embed script, panel ready, webhook delivery)';
  const host = selected(widgetLabel) ? await widgetHost(database) : undefined;
  // The app serves the built portal: built before it starts, for the first-load figures.
  ensureWebBuilt();
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const key = { 'api-key': travel.apiKey };
  const credentials = JSON.stringify({
    emailAddress: demoEmail(travel.id),
    password: DEMO_PASSWORD,
    partnerId: travel.id,
  });
  const signIn = await app.inject({
    method: accountsContracts.login.method,
    url: pathOf(accountsContracts.login),
    headers: { ...key, 'content-type': 'application/json' },
    payload: credentials,
  });
  const session = signIn.json<{ userId: string; token: string; expiresAt: string }>();
  const bearer = { ...key, authorization: `Bearer ${session.token}` };

  // First, before the other figures add trips and options to the demo user's dashboard.
  const firstLoad = !selected(LIGHTHOUSE)
    ? undefined
    : await firstLoadBench({
        pages: firstLoadPages(appUrl, async () => {
          // A session of its own, as the portal stores one after signing in (spec 1 §4).
          const res = await app.inject({
            method: accountsContracts.login.method,
            url: pathOf(accountsContracts.login),
            headers: { ...key, 'content-type': 'application/json' },
            payload: credentials,
          });
          const { userId, token, expiresAt } = res.json<typeof session>();
          return { token, userId, expiresAt, startedAt: Date.now() };
        }),
        ...(process.env.BENCH_LIGHTHOUSE_REPORTS
          ? { reportDir: process.env.BENCH_LIGHTHOUSE_REPORTS }
          : {}),
        say,
      });
  if (only?.every((part) => part === LIGHTHOUSE || lighthousePage(part))) {
    await app.close();
    await bare.close();
    await referencePool.end();
    await database.close();
    rmSync(scratch, { recursive: true, force: true });
    if (json) console.log(JSON.stringify({ firstLoad }, null, 2));
    return;
  }

  const tripsRoute = `${routeLabel(travelContracts.trips)}?userId (20 trips × 4 flights)`;
  const traveller = selected(tripsRoute) ? await tripsBenchUser(app, database, key) : undefined;
  // Before the travel figures, which stop the app's worker: options are made by its jobs.
  const optionsRoute = `${routeLabel(resolutionsContracts.options)} (3 options, 1 payment)`;
  const options = selected(optionsRoute)
    ? await optionsSubject({ app, database, appUrl, key })
    : undefined;
  // Before the travel figures too: the photos' scans are the worker's jobs.
  const bagsRoute = `${routeLabel(luggageContracts.bags)} (${LIST_BAGS} bags)`;
  const luggage = selected(bagsRoute)
    ? await luggageBench({ app, database, appUrl, key, say })
    : undefined;
  // Claims are opened by the app's worker too (the trigger feed's job).
  const claimsRoute = `${routeLabel(claimsContracts.alerts)}?active=true (${TRIGGERS + 1} claims)`;
  const claims = selected(claimsRoute)
    ? await claimsBench({ app, database, appUrl, say })
    : undefined;
  // Alerts are raised by the app's worker too (the breach source's job).
  const monitoringRoute = `${routeLabel(monitoringContracts.subscriptions)}?active=true (monitoring, 2 items)`;
  const monitoring = selected(monitoringRoute)
    ? await monitoringBench({ app, database, appUrl, say })
    : undefined;
  // Webhooks are delivered by the app's worker too.
  const widget = host ? await widgetBench({ app, appUrl, host, say }) : undefined;
  await host?.close();
  const resolutionFigures = only
    ? undefined
    : await resolutionsBench({ app, database, appUrl, key, say });

  say(
    `API bench: autocannon -c ${CONNECTIONS} -d ${DURATION_S}s, database ${database.engine}, node ${process.version}`,
  );
  const base = await autocannon(`${bareUrl}/bare`);
  const oneQuery = await autocannon(`${bareUrl}/one-query/${session.userId}`);
  // argon2id-bound (m=19 MiB, t=2): logins/s is the figure. Four connections on one account
  // stay under its lock of 5 attempts in flight (each success clears the count).
  const loginRoute = `${routeLabel(accountsContracts.login)} (-c ${LOGIN_CONNECTIONS})`;
  const login = selected(loginRoute)
    ? {
        route: loginRoute,
        ...(await autocannon(
          appUrl + pathOf(accountsContracts.login),
          { ...key, 'content-type': 'application/json' },
          {
            connections: LOGIN_CONNECTIONS,
            method: accountsContracts.login.method,
            body: credentials,
          },
        )),
      }
    : undefined;
  const jsonBody = { ...key, 'content-type': 'application/json' };
  const addMethod = {
    method: payoutsContracts.create.method,
    body: JSON.stringify({
      description: 'Bench account',
      type: 'BANK-MANUAL',
      legalType: 'INDIVIDUAL',
      institutionNumber: '003',
      transitNumber: '00011',
      accountNumber: '123456789',
      accountType: 'CHECKING',
      emailAddress: 'bench@example.com',
    }),
  };
  // The routes, measured one after the other in this order (the payout methods are read
  // before the POST adds thousands); each only when `--only` selects it.
  const routes: {
    route: string;
    measure: () => ReturnType<typeof autocannon>;
    /** A label `--only` may select it by besides its own. */
    group?: string;
  }[] = [
    {
      route: routeLabel(partnersContracts.client),
      measure: () =>
        autocannon(
          appUrl +
            pathOf(partnersContracts.client, {}, { domain: 'http://business.localhost:3000' }),
          key,
        ),
    },
    {
      route: routeLabel(partnersContracts.themeConfig),
      measure: () =>
        autocannon(appUrl + pathOf(partnersContracts.themeConfig, { theme: 'identity' }), key),
    },
    {
      route: routeLabel(accountsContracts.details),
      measure: () =>
        autocannon(appUrl + pathOf(accountsContracts.details, { id: session.userId }), bearer),
    },
    {
      route: routeLabel(accountsContracts.access),
      measure: () =>
        autocannon(appUrl + pathOf(accountsContracts.access, { id: session.userId }), bearer),
    },
    {
      route: routeLabel(policiesContracts.list),
      measure: () =>
        autocannon(appUrl + pathOf(policiesContracts.list, { id: session.userId }), bearer),
    },
    {
      route: `${routeLabel(payoutsContracts.methods)}?userId`,
      measure: () =>
        autocannon(
          appUrl + pathOf(payoutsContracts.methods, {}, { userId: session.userId }),
          bearer,
        ),
    },
    {
      // Each request adds a method: the rules, the provider's checks, the encryption, the
      // user lock and the email notice, all in the answer's time. Fifty customers, each on
      // a connection of their own, as they come.
      route: `${routeLabel(payoutsContracts.create)} (${CONNECTIONS} users)`,
      measure: async () =>
        autocannon(appUrl + pathOf(payoutsContracts.create), jsonBody, {
          ...addMethod,
          headersPerConnection: (await benchUsers(app, database, key, CONNECTIONS)).map(
            (user) => user.headers,
          ),
        }),
    },
    {
      // One customer's adds wait for each other (the user's lock keeps one preferred method):
      // fifty at once from one account is what queues.
      route: `${routeLabel(payoutsContracts.create)} (1 user)`,
      measure: () =>
        autocannon(appUrl + pathOf(payoutsContracts.create), { ...jsonBody, ...bearer }, addMethod),
    },
    {
      // A user with 20 trips of 4 flights each: trips, flights, passengers and alerts.
      route: tripsRoute,
      measure: () =>
        autocannon(
          appUrl + pathOf(travelContracts.trips, {}, { userId: traveller!.userId }),
          traveller!.headers,
        ),
    },
    {
      // A delayed flight's three options, their trail with a payment, the cap, the evidence.
      route: optionsRoute,
      measure: () => autocannon(options!.url, options!.headers),
    },
    {
      // A customer's 20 bags, each with its events and its photo's link.
      route: bagsRoute,
      measure: () => autocannon(luggage!.list.url, luggage!.list.headers),
    },
    {
      // A business's claims, each with its datasets, payouts, trigger and files.
      route: claimsRoute,
      measure: () => autocannon(claims!.list.url, claims!.list.headers),
    },
    {
      // A subscriber's ten data types with their items, each item's alerts.
      route: monitoringRoute,
      measure: () => autocannon(monitoring!.read.url, monitoring!.read.headers),
    },
  ];
  // The key writes of every area, each connection its own customer's or resource's (issue 31).
  const writesLabel = 'writes of every area';
  if (selected(writesLabel))
    for (const { route, requests } of await writeLoads({
      app,
      database,
      key,
      connections: CONNECTIONS,
      ...(luggage ? { luggage: luggage.list } : {}),
      ...(claims ? { claims: claims.list } : {}),
      ...(monitoring ? { monitoring: monitoring.read } : {}),
    }))
      routes.push({
        route,
        group: writesLabel,
        measure: () => autocannon(appUrl, {}, { requestsPerConnection: requests }),
      });
  async function measureOneInsert() {
    await referencePool.query(
      'create table bench_reference_writes (id bigserial primary key, user_id uuid not null)',
    );
    try {
      return await autocannon(`${bareUrl}/one-insert/${session.userId}`, {}, { method: 'POST' });
    } finally {
      await referencePool.query('drop table bench_reference_writes');
    }
  }
  const measured = routes.filter(
    ({ route, group }) => selected(route) || (group !== undefined && selected(group)),
  );
  const oneInsert = measured.some(({ route }) => isWrite(route))
    ? await measureOneInsert()
    : undefined;
  const rows = [
    { route: 'reference: bare Fastify GET', ...base },
    { route: 'reference: bare Fastify GET, one prepared query', ...oneQuery },
    ...(oneInsert ? [{ route: WRITE_REFERENCE, ...oneInsert }] : []),
  ];
  const references = rows.length;
  for (const { route, measure } of measured) rows.push({ route, ...(await measure()) });
  if (login) rows.push(login);
  say(
    `\n${'route'.padEnd(64)}${'req/s'.padStart(9)}${'p99 ms'.padStart(8)}${'÷bare'.padStart(7)}${'÷1query'.padStart(9)}  errors`,
  );
  for (const r of rows) {
    say(
      `${r.route.padEnd(64)}${r.rps.toFixed(0).padStart(9)}${String(r.p99).padStart(8)}${(r.rps / base.rps).toFixed(2).padStart(7)}${(r.rps / oneQuery.rps).toFixed(2).padStart(9)}  ${r.non2xx + r.errors}${oneInsert && isWrite(r.route) ? `  ÷1insert ${(r.rps / oneInsert.rps).toFixed(2)}` : ''}`,
    );
  }
  const monitoringScan = monitoring ? await monitoring.scan() : undefined;
  const travelFigures = only
    ? undefined
    : (await travelBench({ app, database, appUrl, key, say })).figures;
  await app.close();
  await bare.close();
  await referencePool.end();
  await database.close();
  rmSync(scratch, { recursive: true, force: true });

  if (json) {
    const ratio = (n: number) => Number(n.toFixed(3));
    console.log(
      JSON.stringify(
        {
          references: {
            bare: Math.round(base.rps),
            oneQuery: Math.round(oneQuery.rps),
            oneInsert: oneInsert && Math.round(oneInsert.rps),
          },
          routes: rows.slice(references).map((r) => ({
            route: r.route,
            rps: Math.round(r.rps),
            p99Ms: r.p99,
            ratioBare: ratio(r.rps / base.rps),
            ratioOneQuery: ratio(r.rps / oneQuery.rps),
            ...(oneInsert && isWrite(r.route) && { ratioOneInsert: ratio(r.rps / oneInsert.rps) }),
            errors: r.non2xx + r.errors,
          })),
          loginsPerSecond: login && Math.round(login.rps),
          travel: travelFigures,
          resolutions: resolutionFigures,
          luggage: luggage?.figures,
          claims: claims?.figures,
          monitoring: monitoring && { ...monitoring.figures, scan: monitoringScan },
          widget,
          firstLoad,
        },
        null,
        2,
      ),
    );
  }
}

/** The portal as a visitor opens it: the travel partner's host, which names the partner. */
function firstLoadPages(appUrl: string, signIn: FirstLoadPage['session']): FirstLoadPage[] {
  const portal = appUrl.replace('127.0.0.1', 'travel.localhost');
  const pages: FirstLoadPage[] = [
    { name: 'landing', url: portal + paths.landing },
    { name: 'dashboard', url: portal + paths.dashboard, ...(signIn ? { session: signIn } : {}) },
  ];
  return pages.filter((page) => selectedPage(page.name));
}

function ensureWebBuilt() {
  const dist = join(import.meta.dirname, '../apps/web/dist');
  if (existsSync(join(dist, 'index.html'))) return;
  say('building the web app…');
  spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
}

await main();
