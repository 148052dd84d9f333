import { defineConfig } from 'vitest/config';

/**
 * Three test tiers, run by `npm test` (scripts/test.mjs):
 * - domain: pure unit tests;
 * - web: component tests in jsdom;
 * - api: `app.inject` against a real database. One database per worker is opened once
 *   (PGlite costs ~6 s to open) and every test file gets a fresh copy of the schema,
 *   so files share the worker's modules (`isolate: false`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      './apps/api/vitest.config.ts',
    ],
  },
});
