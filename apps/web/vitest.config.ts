import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Component tests of the portal (jsdom + Testing Library); run by the root config as `web`. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Whole pages in jsdom typed into key by key take 2–4 s on a 2-core machine running the
    // API tests beside them; 5 s left no margin.
    testTimeout: 20_000,
  },
});
