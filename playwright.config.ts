import { defineConfig } from '@playwright/test';
import { walletCertificates, walletConfig } from './apps/api/test/wallet-certs.ts';
import { E2E_DATA_DIR, E2E_ENCRYPTION_KEY, E2E_SERVER_LOG } from './apps/web/e2e/server-env.ts';

/**
 * Browser journeys against the built web app served by the real API on its own port and
 * its own (temporary) embedded PostgreSQL, in Debian's Chromium (Playwright cannot download one
 * here).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// The journeys' random days come from one seed per run (apps/web/e2e/journey.ts `someDay`),
// made here once and inherited by the workers; printed, so a failure can be replayed.
if (process.env.TEST_WORKER_INDEX === undefined) {
  process.env.E2E_SEED ??= Math.random().toString(36).slice(2, 10);
  console.error(`Journeys' random days: E2E_SEED=${process.env.E2E_SEED}`);
}
// Lounge passes offer their wallet file, signed with throwaway certificates made for the run
// (by the main process, which starts the server; the workers read this file too).
const wallet =
  process.env.TEST_WORKER_INDEX === undefined
    ? (Object.fromEntries(
        Object.entries(walletConfig(walletCertificates())).filter(([, v]) => v !== undefined),
      ) as Record<string, string>)
    : {};

export default defineConfig({
  testDir: './apps/web/e2e',
  outputDir: './test-results/playwright',
  // A journey signs in, changes things and signs in again: alone 10–20 s, but two workers, the
  // API and Chromium share two cores, and under that load some took just over 30 s.
  timeout: 60_000,
  // Pages settle in more than 5 s at times; under the whole suite's load a first visit's
  // lazy page has taken just over 10 s (the register page, once).
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // `npm test` runs two projects apart (the journeys, the axe sweep), each its own report.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/playwright.json' }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine has no outside network: keep Chromium from trying to reach Google.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  // The luggage journey moves the journey server's simulated clock by days (`sim clock
  // advance`), which every journey on the server would feel: it runs alone, after all others.
  projects: [
    { name: 'main', testIgnore: /(luggage|claims|hygiene|a11y)\.spec\.ts$/ },
    { name: 'luggage', testMatch: /luggage\.spec\.ts$/, dependencies: ['main'] },
    // Claims close a month on the same clock: after the luggage journeys, alone.
    { name: 'claims', testMatch: /claims\.spec\.ts$/, dependencies: ['luggage'] },
    // The log and the database are read for secrets once every journey has left its traces.
    { name: 'hygiene', testMatch: /hygiene\.spec\.ts$/, dependencies: ['claims'] },
    // axe on every page and dialog in EN, ES and FR: on a server of its own, after the
    // journeys in `npm test` (scripts/test.mjs), alone in `npm run a11y`.
    { name: 'a11y', testMatch: /a11y\.spec\.ts$/ },
  ],
  webServer: {
    // Its log (standard output, every request at info level) goes to a file the hygiene
    // journey reads (a crash's standard error still shows in the run's output).
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p test-results && exec npx tsx apps/api/src/main.ts > ${E2E_SERVER_LOG}`,
    url: `http://localhost:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, so the API stops its embedded PostgreSQL before it exits.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      // The demo world and the outbox exist outside production only: one server serves every
      // journey (the built web app, as production would). A fixed key suits a database made per run.
      NODE_ENV: 'development',
      ENCRYPTION_KEY: E2E_ENCRYPTION_KEY,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      // The journeys call from one address as a few demo users, run after run.
      ABUSE_LIMIT_SCALE: '1000',
      // A payment clears at the simulated bank in 2 s, not 8: a journey watches it arrive.
      PAYOUT_SIM_SETTLE_MS: '2000',
      PAYOUT_POLL_MS: '1000',
      // Lost bags' cash comes hours after the report: a journey moves the clock (`sim clock`).
      SIM_CLOCK: 'true',
      ...wallet,
    },
    stdout: 'pipe',
  },
});
