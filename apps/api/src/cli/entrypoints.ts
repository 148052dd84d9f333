import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { API_ROOT, areaContracts, routeName, type Contract } from '@tern/domain';

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
    routes: ['GET /index.html', 'GET /assets/**'],
    what: 'the built web app (`apps/web/dist`); files under `/assets/` are cached for a year',
    code: 'apps/api/src/web/routes.ts',
  },
  {
    routes: ['GET /*'],
    what: "every other path: the web app's `index.html` with its runtime configuration",
    code: 'apps/api/src/web/routes.ts',
  },
  {
    routes: ['GET /dev/outbox', 'GET /dev/outbox.json'],
    what: 'emails and SMS the simulated provider sent, newest first, `?partner=`; not in production',
    code: 'apps/api/src/providers/notifications/',
  },
];

/** Every npm script of the root package, with what it is for. */
export const commands: Record<string, { usage?: string; what: string; code: string }> = {
  start: {
    what: 'build the web app, migrate, seed the demo world, serve on `PORT`',
    code: 'apps/api/src/main.ts',
  },
  dev: { what: 'the API with reload on change', code: 'apps/api/src/main.ts' },
  build: { what: 'build the web app into `apps/web/dist`', code: 'apps/web/vite.config.ts' },
  test: { what: 'every test tier, then one line `N passed, N failed`', code: 'scripts/test.mjs' },
  check: { what: 'typecheck, lint, then `npm test`', code: 'package.json' },
  typecheck: { what: 'TypeScript over every workspace', code: 'tsconfig.json' },
  lint: { what: 'ESLint (the slice boundaries included) and Prettier', code: 'eslint.config.js' },
  format: { what: 'Prettier over the repository', code: '.prettierrc.json' },
  bench: {
    usage: 'npm run bench [-- --json]',
    what: 'API throughput and latency as ratios to references, and first-load JS',
    code: 'scripts/bench.ts',
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
  'demo:totp': {
    what: 'current TOTP code of the demo user with MFA on (`mfa@travel.example.com`)',
    code: 'apps/api/src/cli/demo-totp.ts',
  },
};

const AUTH = { apiKey: 'api-key', signedIn: 'bearer', staff: 'bearer, AGENT/ADMIN' } as const;

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

/** The page, formatted as the repository formats Markdown. */
export async function renderEntrypoints(): Promise<string> {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(packageFile, 'utf8')) as { scripts: Record<string, string> }).scripts,
  );
  const areas = Object.entries(areaContracts).map(([area, contracts]) => {
    const rows = (Object.values(contracts) as Contract[]).map((c) => [
      code(routeName(c, API_ROOT)),
      AUTH[c.access],
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

## Background jobs and simulator events

None yet: flight-status polling and the simulators arrive with the issues that need them, and
are listed here when they do. Notifications (sign-in codes, reset links, email-change notices)
are sent within the request through the notifications port; the embedded simulator writes
them to \`outbox_messages\`, read at \`/dev/outbox\`.
`;
  const options = await resolveConfig(entrypointsFile);
  return format(markdown, { ...options, parser: 'markdown' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(entrypointsFile, await renderEntrypoints());
  console.log(`wrote ${entrypointsFile}`);
}
