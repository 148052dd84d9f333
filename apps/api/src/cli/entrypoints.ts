import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  API_ROOT,
  areaContracts,
  credentialPages,
  fillPath,
  routeName,
  type Contract,
} from '@tern/domain';
import { z } from 'zod';
import type { JobDefinition } from '../jobs.ts';
import { withOfflineApp } from './offline-app.ts';

/**
 * `npm run docs:entrypoints` writes `docs/entrypoints.md` from the code: every API endpoint
 * from the contracts, the other HTTP routes and every command listed here. A test fails when
 * the file, a route or a command is out of step (`entrypoints.test.ts`).
 */
export const entrypointsFile = fileURLToPath(
  new URL('../../../../docs/entrypoints.md', import.meta.url),
);
const packageFile = fileURLToPath(new URL('../../../../package.json', import.meta.url));

/**
 * The HTTP routes outside the API root: the server's own, the web app's, development aids.
 * A route ending in `/**` stands for every route below it (`GET /*` is one route).
 */
export const otherRoutes = [
  {
    routes: ['GET /healthz'],
    what: '200 once the server is ready and the database answers',
    code: 'apps/api/src/app.ts',
  },
  {
    routes: [
      'GET /api/docs',
      'GET /api/docs/json',
      'GET /api/docs/yaml',
      'GET /api/docs/static/**',
    ],
    what: 'OpenAPI UI and document, generated from the contracts',
    code: 'apps/api/src/plugins/openapi.ts',
  },
  {
    routes: ['GET /api/docs/partner.json'],
    what: "the partner API's OpenAPI document: the partner-facing contracts' calls (partner access, or `audience: 'partner'`), from which `packages/partner-client` is generated",
    code: 'apps/api/src/plugins/openapi.ts',
  },
  {
    routes: ['GET /embed.js'],
    what: "the widget's embed script, on every partner portal's origin: a partner's page includes it and calls `TernWidget.mount(element, { portal, panel, fetchToken })` to place a panel in a frame sized to its content, hearing its events as `tern:*` DOM events (bundled from apps/web/src/features/widget/embed/embed.ts)",
    code: 'apps/api/src/web/embed-script.ts',
  },
  {
    routes: ['GET /runtime-config.json'],
    what: "the portal's runtime configuration for the host it was opened on",
    code: 'apps/api/src/web/routes.ts',
  },
  {
    routes: ['GET /assets/themes/:theme/:file', 'GET /assets/baseline/:file'],
    what: 'theme images',
    code: 'apps/api/src/web/routes.ts',
  },
  {
    routes: ['GET /index.html', 'GET /sw.js', 'GET /assets/**'],
    what: 'the built web app (`apps/web/dist`); files under `/assets/` are cached for a year; `sw.js` keeps lounge pass pages for offline use',
    code: 'apps/api/src/web/routes.ts',
  },
  {
    routes: ['GET /*', ...credentialPages.map((page) => `GET ${fillPath(page, (n) => `:${n}`)}`)],
    what: "every other path: the web app's `index.html` with its runtime configuration (the enrolment link's own route: the log redacts its id); nobody may frame it but the widget's pages (`/widgets/…`), which the partner's embedding origins may (`apps/api/src/modules/widget/frame-policy.ts`)",
    code: 'apps/api/src/web/routes.ts',
  },
  {
    routes: ['GET /dev/outbox', 'GET /dev/outbox.json'],
    what: 'emails and SMS the simulated provider sent, newest first, `?partner=`; not in production',
    code: 'apps/api/src/providers/notifications/',
  },
  {
    routes: [
      'GET /payment-rails/widget.js',
      'GET /payment-rails/widget/:token',
      'POST /payment-rails/widget/:token',
    ],
    what: "the simulated payment-rails supplier's hosted page (the link of the `payouts.widget` call): bank details in, a payout method out, `postMessage` to the portal that framed it",
    code: 'apps/api/src/providers/payouts/simulator/widget-page.ts',
  },
  {
    routes: ['GET /sim/open-banking/authorize', 'POST /sim/open-banking/authorize'],
    what: "the simulated bank's consent page (the `authorizeUrl` of `claims.startConsent`): the customer chooses their bank and the business accounts to share, Allow or Cancel, and is sent back to the portal's `/permissions/grant` with a one-time code",
    code: 'apps/api/src/providers/open-banking/simulator/pages.ts',
  },
  {
    routes: ['GET /', 'GET /host.js', 'GET /:partnerId', 'POST /:partnerId/token'],
    what: "the demo partners' own shop (issue 30), served on `shop.localhost` only, not in production: each partner's panels embedded with the portal's embed script, `tern:*` events listed, and `POST /{partner}/token` minting a widget token for a demo customer as the partner's back end would (`?user=`, `?panels=a,b`); on `stranger.localhost`, `GET /:partnerId` frames a panel and the portal from an origin no partner lists",
    code: 'apps/api/src/seed/demo-shop/pages.ts',
  },
  {
    routes: ['GET /card-frame/frame.js', 'GET /card-frame/:token', 'POST /card-frame/:token/cards'],
    what: "the card vault's card-entry frame (the `url` of `monitoring.cardFrame`), served only on the vault's own host (`CARD_VAULT_URL`, default `vault.localhost`): the number typed, checked and tokenised there, events to the portal that framed it by `postMessage`; the token redacted in the log",
    code: 'apps/api/src/providers/card-vault/simulator/pages.ts',
  },
];

/** Every npm script of the root package, with what it is for. */
export const commands: Record<string, { usage?: string; what: string; code: string }> = {
  start: {
    what: 'build the web app, migrate, seed the demo world, serve on `PORT`',
    code: 'apps/api/src/main.ts',
  },
  dev: { what: 'the API with reload on change', code: 'apps/api/src/main.ts' },
  build: {
    what: 'build the web app into `apps/web/dist`, and its server entry (the landing page rendered by the API) into `apps/web/dist-server`',
    code: 'apps/web/vite.config.ts',
  },
  test: {
    what: 'every test tier (the crash test, the journeys and the hygiene check of their log and database among them), then one line `N passed, N failed`',
    code: 'scripts/test.mjs',
  },
  a11y: {
    what: "axe on every page and dialog of every demo partner in EN, ES and FR (0 violations), the pages taken from the app's routes; the last tier of `npm test`, alone here",
    code: 'apps/web/e2e/a11y.spec.ts',
  },
  fuzz: {
    usage: 'FUZZ_RUNS=10000 FUZZ_SEED=… FUZZ_ROUTE="<METHOD /path>" npm run fuzz',
    what: "every route sent requests generated from its schemas, valid and hostile, 10,000 per route (200 in `npm test`): no 5xx, no unhandled rejection, every 4xx in the catalogue's shape",
    code: 'apps/api/test/fuzz/route-fuzzing.ts',
  },
  check: {
    what: 'typecheck, lint, the OpenAPI documents linted, knip, then `npm test`',
    code: 'package.json',
  },
  typecheck: { what: 'TypeScript over every workspace', code: 'tsconfig.json' },
  lint: { what: 'ESLint (the slice boundaries included) and Prettier', code: 'eslint.config.js' },
  'lint:openapi': {
    what: 'both OpenAPI documents (the API and the partner API) written to `.cache/openapi/` and linted by Spectral with the OWASP API security ruleset: fails on any error',
    code: '.spectral.yaml',
  },
  knip: {
    what: 'fails on unused files, exports, types and dependencies (and unlisted dependencies)',
    code: 'knip.jsonc',
  },
  format: { what: 'Prettier over the repository', code: '.prettierrc.json' },
  bench: {
    usage: 'npm run bench [-- --json --only <part,…>]',
    what: 'API throughput and latency as ratios to references, and the first load on a phone (Lighthouse: performance, LCP, CLS, TBT, bytes)',
    code: 'scripts/bench.ts',
  },
  multi: {
    usage: 'npm run multi [-- --minutes 10 | --seconds 20] [--users 8] [--ceilings]',
    what: 'two API instances and two workers on one PostgreSQL under a mixed load of every area: errors, live events across instances, jobs and webhooks run once; `--ceilings` measures reads, jobs and live events per second and what bounds them (docs/scaling.md)',
    code: 'scripts/multi.ts',
  },
  'db:generate': {
    what: "a new migration from the areas' tables",
    code: 'apps/api/drizzle.config.ts',
  },
  'db:migrate': { what: 'apply migrations', code: 'apps/api/src/cli/migrate.ts' },
  'docs:entrypoints': {
    what: 'write this page from the code',
    code: 'apps/api/src/cli/entrypoints.ts',
  },
  'partner-client:generate': {
    what: "write the partner client's OpenAPI document and types (`packages/partner-client/openapi.json`, `src/schema.d.ts`) from the contracts",
    code: 'apps/api/src/cli/partner-client.ts',
  },
  worker: {
    what: 'work the background jobs without serving HTTP (beside API instances run with `RUN_JOBS=false`)',
    code: 'apps/api/src/worker.ts',
  },
  'content:import': {
    usage: 'npm run content:import [-- <folder>]',
    what: 'makes the database hold exactly the help content of a folder (content/README.md; the repository’s content/ by default): changed files update, removed ones retire, one invalid file stops it with nothing changed',
    code: 'apps/api/src/cli/content-import.ts',
  },
  jobs: {
    usage: 'npm run -s jobs',
    what: 'the jobs that used every attempt, with their last error, as JSON',
    code: 'apps/api/src/cli/jobs.ts',
  },
  'demo:accounts': {
    usage: 'npm run demo:accounts [-- --json]',
    what: 'demo partners and users',
    code: 'apps/api/src/cli/demo-accounts.ts',
  },
  'sso:token': {
    usage:
      'npm run sso:token -- --partner travel --customer C123 --email x@y.com [--first Jo --last Doe]',
    what: "an SSO token signed with a demo partner's secret, and the portal URL that takes it",
    code: 'apps/api/src/cli/sso-token.ts',
  },
  'widget:token': {
    usage:
      'npm run widget:token -- --partner travel --customer C123 --email x@y.com [--origin http://shop.localhost:3000] [--panels insurance,luggage] [--ttl 300]',
    what: "a widget token signed with a demo partner's secret for the origin of the page that frames the panels, the panels' addresses and the call that opens a widget session with it",
    code: 'apps/api/src/cli/widget-token.ts',
  },
  invite: {
    usage:
      'npm run invite -- --partner travel --email jo@example.com --first Jo --last Doe (--mobile +14165550123 [--policy SKY-2004] | --role AGENT|ADMIN) [--locale fr-CA] [--days 14] [--no-send]',
    what: "a link invitation as the partner's back end makes one (a customer's, or with `--role` a staff member's): prints the enrolment link and queues its email",
    code: 'apps/api/src/cli/invite.ts',
  },
  'demo:totp': {
    what: 'current TOTP code of the demo user with MFA on (`mfa@travel.example.com`)',
    code: 'apps/api/src/cli/demo-totp.ts',
  },
  sim: {
    usage:
      'npm run sim -- flight show|delay|cancel|divert AC123 2026-11-23 [--minutes 180] [--to YUL] [--at HH:mm]; npm run sim -- bag show|locate|forward|deliver|lose YYZAC12345 [--station LHR]; npm run sim -- parametric trigger|show <itemId> [--type flood|outage|closure --value 45cm|5h|30h] [--at <ISO>] [--source <text>]; npm run sim -- breach add --type EMAIL_ADDRESS --value x@y.example --name ExampleShop [--classes "Email addresses,Passwords"] [--unverified] [--fabricated] [--spam-list] [--sensitive]; npm run sim -- breach list; npm run sim -- clock show|advance 25h|reset',
    what: "the simulated world's operator: a flight's timetable and status, or a delay, cancellation or diversion of it from now; a lost bag's tracing file, or its next step from now; a measurement at an insured business in the parametric trigger feed (a claim opens when it reaches the cover's threshold), or the business's events; a breach planted in the simulated breach source with an identifier (monitored items holding it get an alert at once), or the source's breaches (never their values); the simulated clock (SIM_CLOCK), whose jump also works out claims' closed months",
    code: 'apps/api/src/cli/sim.ts',
  },
};

const AUTH = {
  apiKey: 'api-key',
  signedIn: 'bearer',
  staff: 'bearer, AGENT/ADMIN',
  partner: 'bearer: server secret or AGENT/ADMIN',
  signedLink: 'signed link (no api-key)',
} as const;

/** Who may call: a call ADMIN-only among staff says so. */
const authOf = (contract: Contract) =>
  !contract.adminOnly
    ? AUTH[contract.access]
    : contract.access === 'staff'
      ? 'bearer, ADMIN'
      : 'bearer: server secret or ADMIN';

/** What a contract's ownership rule asks of a call, in a few words. */
function ownership(contract: Contract): string {
  const rules: string[] = [];
  const owner = contract.owner;
  if (owner?.user)
    rules.push(`own user (\`${owner.user}\`${owner.orActingAgent ? ' or acting agent' : ''})`);
  if (owner?.partner) rules.push(`own partner (\`${owner.partner}\`)`);
  if (owner?.holderOnly) rules.push('account holder only');
  if (owner?.resource) rules.push(`own ${owner.resource}`);
  return rules.join('; ') || '—';
}

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: string[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const code = (text: string) => `\`${text.replaceAll('|', '\\|')}\``;

/** A job's payload fields, from its schema: `name: type` (its format, if any), `?` if optional. */
function payloadFields(schema: z.ZodObject): string {
  const { properties = {}, required = [] } = z.toJSONSchema(schema) as {
    properties?: Record<string, { type?: string; format?: string }>;
    required?: string[];
  };
  const fields = Object.entries(properties).map(
    ([name, field]) =>
      `${name}${required.includes(name) ? '' : '?'}: ${field.format ?? field.type ?? 'any'}`,
  );
  return fields.length > 0 ? code(fields.join(', ')) : '—';
}

/** The page, formatted as the repository formats Markdown, for the jobs the app defines. */
export async function renderEntrypoints(jobs: readonly JobDefinition[]): Promise<string> {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(packageFile, 'utf8')) as { scripts: Record<string, string> }).scripts,
  );
  const areas = Object.entries(areaContracts).map(([area, contracts]) => {
    const rows = (Object.values(contracts) as Contract[]).map((c) => [
      code(routeName(c, API_ROOT)),
      authOf(c),
      ownership(c),
      c.summary.replaceAll('|', '\\|'),
      code(c.id),
    ]);
    return `### ${area} — \`apps/api/src/modules/${area}/\`\n\n${table(
      ['Endpoint', 'Auth', 'Ownership', 'What', 'Contract'],
      rows,
    )}`;
  });
  const markdown = `# Entry points

Every way into Tern: HTTP routes, commands, jobs and simulator events, with where each lives.
Generated from the code by \`npm run docs:entrypoints\` (\`apps/api/src/cli/entrypoints.ts\`);
a test fails when it is out of step. Auth \`api-key\` means the partner's \`api-key\` header;
\`bearer\` also \`Authorization: Bearer <token>\` of a live session. A user or partner a call
names that is not the caller's answers 404, as if it did not exist.

## HTTP (one process: \`apps/api/src/main.ts\`)

Every endpoint below the API root \`${API_ROOT}\` is a contract in
\`packages/domain/src/<area>/contracts.ts\`; its route is registered from it by the area's
module.

${areas.join('\n\n')}

### Other routes

${table(
  ['Route', 'What', 'Code'],
  otherRoutes.map((r) => [r.routes.map(code).join(', '), r.what, code(r.code)]),
)}

## Commands

${table(
  ['Command', 'What', 'Code'],
  scripts.map((name) => {
    const command = commands[name];
    return [
      code(command?.usage ?? `npm run ${name}`),
      command?.what ?? '(not described)',
      command ? code(command.code) : '—',
    ];
  }),
)}

## Background jobs

Durable jobs in PostgreSQL (graphile-worker, ADR 0007): worked inside the API process unless
\`RUN_JOBS=false\`, or by \`npm run worker\`; one run per job however many instances; retried
with backoff, then kept as failed (\`npm run -s jobs\`). A job is defined with
its payload's schema where it belongs (\`defineJobs\`: an area's \`jobs.ts\`, the notifications
provider, live events); the payload is checked against it when queued and when run.

${table(
  ['Job', 'Payload', 'Schedule (UTC)', 'Attempts', 'What'],
  [...jobs]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((job) => [
      code(job.name),
      payloadFields(job.payload),
      job.schedule ? code(job.schedule) : 'when queued',
      String(job.maxAttempts ?? 5),
      job.description,
    ]),
)}

## Simulator events

The payout provider is simulated unless \`buildApp\` is given another: a transfer is sent when
accepted and clears \`PAYOUT_SIM_SETTLE_MS\` later, settled, or failed for an account ending
0000 (\`apps/api/src/providers/payouts/simulator/\`). Flights are simulated unless
\`FLIGHTS_PROVIDER=aerodatabox\` names AeroDataBox (\`providers/flights/simulator/\`: schedules, live
status, a share of flights disrupted by itself, and \`npm run sim\` to delay, cancel or divert one);
lounges, hotels, rebooking and loyalty points by the disruption simulator
(\`providers/disruption/simulator/\`); lost bags' tracing files by the bag-tracing simulator
(\`providers/bag-tracing/simulator/\`: located, forwarded, delivered by \`npm run sim -- bag\`, lost
\`BAG_TRACING_LOST_AFTER_DAYS\` after the report when not delivered); which is chosen where: \`providers/index.ts\`. Emails and SMS go to the embedded outbox (\`outbox_messages\`, read at \`/dev/outbox\`) unless
\`SMTP_URL\` or \`SMS_URL\` names a real provider.
`;
  const options = await resolveConfig(entrypointsFile);
  return format(markdown, { ...options, parser: 'markdown' });
}

/** The jobs the app defines: building defines them, only running them would query. */
const definedJobs = () =>
  withOfflineApp(async (app): Promise<JobDefinition[]> => [...app.platform.jobs.definitions()]);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(entrypointsFile, await renderEntrypoints(await definedJobs()));
  console.log(`wrote ${entrypointsFile}`);
}
