#!/usr/bin/env node
/**
 * `npm test`: every test tier, in order, then one closing line "N passed, N failed".
 *  1. unit, component and API tests on PGlite (vitest projects domain, web, api);
 *  2. the API tests again on PostgreSQL when DATABASE_URL is set or a server answers on
 *     127.0.0.1:5432 (each run creates its own databases and drops them);
 *  3. browser journeys: the web app is built and served by the real API, driven by
 *     Playwright in Debian's Chromium.
 * `npm test -- --no-e2e` skips step 3.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';

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

function vitest(name, projects, env = {}) {
  const out = `test-results/vitest-${name}.json`;
  rmSync(out, { force: true });
  const status = run(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
  results.push({
    name,
    status,
    passed: report?.numPassedTests ?? 0,
    failed: report
      ? report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0)
      : 1,
  });
}

const postgresAnswers = () =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

vitest('unit-component-api-pglite', ['domain', 'web', 'api']);

const databaseUrl =
  process.env.DATABASE_URL ??
  ((await postgresAnswers()) ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
if (databaseUrl)
  vitest('api-postgres', ['api-postgres'], { TERN_TEST_DB: 'postgres', DATABASE_URL: databaseUrl });
else console.log('\n(no PostgreSQL server: API tests ran on PGlite only)');

if (!args.includes('--no-e2e')) {
  const buildStatus = run('web build', 'npm', ['run', 'build']);
  if (buildStatus !== 0)
    results.push({ name: 'web build', status: buildStatus, passed: 0, failed: 1 });
  else {
    const out = 'test-results/playwright.json';
    rmSync(out, { force: true });
    const status = run('browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test']);
    const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
    const stats = report?.stats;
    results.push({
      name: 'e2e',
      status,
      passed: stats ? stats.expected + stats.flaky : 0,
      failed: stats ? stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0) : 1,
    });
  }
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.name.padEnd(28)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
