import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from '../layout/app-layout.tsx';
import { RequireSession } from '../session/require-session.tsx';
import { paths } from './paths.ts';

// Each page is its own chunk: the first visit downloads the shell and one page only.
const LandingPage = lazy(() =>
  import('../../features/landing/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
);
const DashboardPage = lazy(() =>
  import('../../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const ResolutionSelectPage = lazy(() =>
  import('../../features/resolution/resolution-select-page.tsx').then((m) => ({
    default: m.ResolutionSelectPage,
  })),
);
const ActionPlanPage = lazy(() =>
  import('../../features/monitored-data/action-plan-page.tsx').then((m) => ({
    default: m.ActionPlanPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

/** The routes of spec 1 §2. Pages past login sit behind the session guard. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.landing, element: <LandingPage /> },
      {
        element: <RequireSession />,
        children: [
          { path: paths.dashboard, element: <DashboardPage /> },
          { path: paths.resolutionSelect, element: <ResolutionSelectPage /> },
          { path: paths.actionPlan, element: <ActionPlanPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
