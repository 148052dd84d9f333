import { defineProject } from 'vitest/config';

/**
 * API tests through `app.inject` on a real database: PGlite by default, PostgreSQL when
 * TERN_TEST_DB=postgres (scripts/test.mjs runs both). Test files in a worker share one
 * opened database (`isolate: false`) and each file starts from a fresh one.
 */
export default defineProject({
  test: {
    name: process.env.TERN_TEST_DB === 'postgres' ? 'api-postgres' : 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
