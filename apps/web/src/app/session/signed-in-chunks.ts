import { lazyOnce } from '../../lib/lazy-once.ts';

/**
 * What a signed-in page stands on, each its own chunk: the session's background work, the
 * signed-in header (navigation, drawer button, user menu) and the dashboard. A tab that
 * already holds a session (a reload, a link, a new tab) has `main.tsx` fetch them beside React
 * rather than one after the other once it has rendered; a visitor without one downloads none.
 */
export const sessionRuntime = lazyOnce(
  () => import('./session-runtime.tsx'),
  (m) => m.SessionRuntime,
);
export const signedInNav = lazyOnce(
  () => import('../layout/signed-in-nav.tsx'),
  (m) => m.SignedInNav,
);
export const navDrawerButton = lazyOnce(
  () => import('../layout/signed-in-nav.tsx'),
  (m) => m.NavDrawerButton,
);
export const dashboardPage = lazyOnce(
  () => import('../dashboard/dashboard-page.tsx'),
  (m) => m.DashboardPage,
);
