import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from '../layout/app-layout.tsx';
import { PageLoader } from '../layout/page-loader.tsx';
import { RequireSession } from '../session/require-session.tsx';
import { paths } from './paths.ts';

// Each page is its own chunk: the first visit downloads the shell and one page only.
const LandingPage = lazy(() =>
  import('../../features/landing/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
);
// The sign-in card (forms and zod) is a chunk of its own: the landing page paints without it.
const SignInCard = lazy(() =>
  import('../../features/accounts/sign-in/sign-in-card.tsx').then((m) => ({
    default: m.SignInCard,
  })),
);
const RegisterPage = lazy(() =>
  import('../../features/accounts/register/register-page.tsx').then((m) => ({
    default: m.RegisterPage,
  })),
);
const OneTimeCodePage = lazy(() =>
  import('../../features/accounts/one-time-code/one-time-code-page.tsx').then((m) => ({
    default: m.OneTimeCodePage,
  })),
);
const SsoPage = lazy(() =>
  import('../../features/accounts/sso/sso-page.tsx').then((m) => ({ default: m.SsoPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../../features/accounts/password/forgot-password-page.tsx').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../../features/accounts/password/reset-password-page.tsx').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const DashboardPage = lazy(() =>
  import('../../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const AgentConsole = lazy(() =>
  import('../../features/agents/agent-console.tsx').then((m) => ({ default: m.AgentConsole })),
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

/**
 * The routes of spec 1 §2 and the sign-in screens. Pages past login sit behind the session
 * guard. Features do not import each other, so pages that show another feature's part get it
 * here, as a slot.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        path: paths.landing,
        element: (
          <LandingPage
            signIn={
              <Suspense fallback={<PageLoader />}>
                <SignInCard />
              </Suspense>
            }
          />
        ),
      },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.loginWithCode, element: <OneTimeCodePage /> },
      { path: paths.sso, element: <SsoPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            path: paths.dashboard,
            element: (
              <DashboardPage
                agentConsole={
                  <Suspense fallback={null}>
                    <AgentConsole />
                  </Suspense>
                }
              />
            ),
          },
          { path: paths.resolutionSelect, element: <ResolutionSelectPage /> },
          { path: paths.actionPlan, element: <ActionPlanPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
