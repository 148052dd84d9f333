#!/usr/bin/env node
/**
 * `npm test`: every test tier, in order, then one closing line "N passed, N failed".
 *  1. unit, component and API tests (vitest projects domain, partner-client, web, api); the API tests run on
 *     PostgreSQL: DATABASE_URL's server when set, else an embedded server the run starts;
 *  2. the crash test: Tern on its embedded PostgreSQL is killed with SIGKILL 20 times while it
 *     acknowledges writes of every kind (registrations, trips, uploads, claims datasets,
 *     payments and their webhooks); after each restart every acknowledged write must be there,
 *     no payment sent to the rail twice, no webhook delivered again once recorded, no file
 *     half-stored (scripts/crash-test.ts);
 *  3. browser journeys: the web app is built and served by the real API, driven by
 *     Playwright in Debian's Chromium (the main, luggage and claims projects, keyboard-only
 *     journeys among them), then the hygiene check of the server's log and database
 *     (apps/web/e2e/hygiene.spec.ts);
 *  4. the axe sweep (`apps/web/e2e/a11y.spec.ts`, also `npm run a11y`): every page and dialog of
 *     every demo partner in EN, ES and FR, on a journey server of its own.
 * `npm test -- --no-e2e` skips steps 3 and 4, `--no-crash` step 2.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const results = [];
mkdirSync('test-results', { recursive: true });

function run(name, command, commandArgs, env = {}) {
  console.log(`\n=== ${name} ===`);
  const child = spawnSync(command, commandArgs, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return child.status ?? 1;
}

function vitest(name, projects) {
  const out = `test-results/vitest-${name}.json`;
  rmSync(out, { force: true });
  const status = run(name, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
  results.push({
    name,
    status,
    failures: (report?.testResults ?? []).flatMap((file) =>
      file.assertionResults
        .filter((a) => a.status === 'failed')
        .map((a) => `${file.name.replace(`${process.cwd()}/`, '')} › ${a.fullName}`),
    ),
    passed: report?.numPassedTests ?? 0,
    failed: report
      ? report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0)
      : 1,
  });
}

/** The journeys that failed in the end (a retry that passed is not one), from Playwright's report. */
function failedJourneys(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((t) => t.status === 'unexpected'))
      .map((spec) => {
        const error = spec.tests.flatMap((t) => t.results).at(-1)?.error?.message ?? '';
        return `${spec.file}:${spec.line} › ${spec.title}: ${error.split('\n')[0]}`;
      }),
    ...failedJourneys(suite.suites ?? []),
  ]);
}

/** One Playwright run of `project` (and those it depends on), its report in a file of its own. */
function playwright(name, title, project) {
  const out = `test-results/playwright-${project}.json`;
  rmSync(out, { force: true });
  const status = run(title, 'npx', ['playwright', 'test', '--project', project], {
    E2E_REPORT: out,
  });
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
  const stats = report?.stats;
  results.push({
    name,
    status,
    failures: failedJourneys(report?.suites ?? []),
    passed: stats ? stats.expected + stats.flaky : 0,
    failed: stats ? stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0) : 1,
  });
}

vitest('unit-component-api', ['domain', 'partner-client', 'web', 'api']);

if (!args.includes('--no-crash')) {
  const out = 'test-results/crash-test.txt';
  rmSync(out, { force: true });
  const status = run('crash test (SIGKILL mid-write)', 'npx', ['tsx', 'scripts/crash-test.ts'], {
    CRASH_TEST_REPORT: out,
  });
  // One result: every check after every kill passed.
  results.push({
    name: 'crash test',
    status,
    failures: existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean) : [],
    passed: status === 0 ? 1 : 0,
    failed: status === 0 ? 0 : 1,
  });
}

if (!args.includes('--no-e2e')) {
  const buildStatus = run('web build', 'npm', ['run', 'build']);
  if (buildStatus !== 0)
    results.push({ name: 'web build', status: buildStatus, passed: 0, failed: 1 });
  else {
    // The hygiene check and the projects it depends on: every journey, then the log's check.
    playwright('e2e', 'browser journeys (Playwright, Chromium)', 'hygiene');
    // Then the axe sweep, on a server of its own: its demo data as seeded, its clock not moved
    // by the luggage and claims journeys, and one failure of either skips nothing of the other.
    playwright('axe sweep', 'axe on every page and dialog (Playwright, Chromium)', 'a11y');
  }
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.name.padEnd(28)} ${r.passed} passed, ${r.failed} failed`);
  // Said again here, at the end of the output, where a CI log's tail still shows it.
  for (const failure of (r.failures ?? []).slice(0, 20)) console.log(`  ✗ ${failure}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
