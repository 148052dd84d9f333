import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';

/** Test files that replace a module with vi.mock: they need modules of their own. */
export const mockingFiles = ['src/app/app-root.test.tsx'];

/** What both web projects share: jsdom, Testing Library's setup, the timeout. */
export const webProject = {
  plugins: [react()],
  test: {
    environment: 'jsdom' as const,
    setupFiles: ['./src/test/setup.ts'],
    // Whole pages in jsdom typed into key by key take 2–4 s on a 2-core machine running the
    // API tests beside them; 5 s left no margin.
    testTimeout: 20_000,
  },
};

/**
 * Component tests of the portal (jsdom + Testing Library); run by the root config as `web`.
 * Files in a worker share their modules (React, MUI, the texts): loading them again for each
 * file took half of the tier's time. setup.ts resets what tests leave behind; the few files
 * that mock a module run apart, isolated (vitest.mocks.config.ts, project `web-mocks`).
 */
export default defineProject({
  ...webProject,
  test: {
    ...webProject.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...mockingFiles],
    isolate: false,
  },
});
