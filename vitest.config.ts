import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test tiers, run by `npm test` (scripts/test.mjs):
 * - domain: pure unit tests;
 * - partner-client: the partner client's tokens and webhook checks, without the API (its
 *   calls and generated files are tested against the app by the api tier);
 * - web: component tests in jsdom;
 * - api: `app.inject` against PostgreSQL (an embedded server the run starts, or
 *   DATABASE_URL's); every test file gets a fresh copy of a migrated template.
 */
export default defineConfig({
  test: {
    // Vitest keeps one core for itself by default: on a 2-core machine that is one worker, and
    // the tier ran twice as long as it needs to (the main process mostly waits).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'partner-client',
          include: ['packages/partner-client/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      './apps/api/vitest.config.ts',
    ],
  },
});
