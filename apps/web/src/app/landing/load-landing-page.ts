import { lazyOnce } from '../../lib/lazy-once.ts';

/**
 * The start page `/`: `load` is called by `main.tsx` before React is there, so on `/` the
 * page's code downloads beside React rather than after it.
 */
export const landingPage = lazyOnce(
  () => import('./landing-page.tsx'),
  (m) => m.LandingPage,
);
