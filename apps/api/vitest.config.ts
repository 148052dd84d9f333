import { defineProject } from 'vitest/config';

/**
 * API tests through `app.inject` on PostgreSQL: an embedded server the run starts, or
 * DATABASE_URL's (test/global-setup.ts). Each file starts from a fresh copy of a migrated
 * template; files in a worker share their modules (`isolate: false`).
 */
export default defineProject({
  test: {
    name: 'api',
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
