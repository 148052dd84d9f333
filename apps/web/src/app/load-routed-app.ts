import { lazyOnce } from '../lib/lazy-once.ts';

/**
 * The pages and their server data (TanStack Query, the routes, the session's work): `load`
 * is called by `main.tsx` before React is there, so the download starts with the app.
 */
export const routedApp = lazyOnce(
  () => import('./routed-app.tsx'),
  (m) => m.RoutedApp,
);
