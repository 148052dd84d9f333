import { Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../components/toasts/use-toast.ts';
import { useAppServices } from '../core/app-services.ts';
import { ErrorHandlerProvider } from '../core/errors/error-handler-provider.tsx';
import { AppFrame } from './layout/app-frame.tsx';
import { PageLoader } from './layout/page-loader.tsx';
import { RouteErrorBoundary } from './routing/route-error-boundary.tsx';
import { RouteErrorPage } from './routing/route-error-page.tsx';
import { paths } from '../core/routing/paths.ts';
import { documentPath } from '../features/content/index.ts';
import { recordVisitStart } from '../core/session/app-details-store.ts';
import { logout } from '../core/session/logout.ts';
import { sessionStore } from '../core/session/session-store.ts';
import { useSessionTimeout } from '../core/session/use-session-timeout.ts';
import { routedApp } from './load-routed-app.ts';

/**
 * The pages and their server data (TanStack Query, the routes, the session's background work)
 * arrive beside the first page's code, not before the first paint: until they have, the
 * page's frame (header, footer) shows with the page loader. `main.tsx` starts the download as
 * the app starts.
 */
const RoutedApp = routedApp.Component;

/**
 * Inside the router: the error handler (whose 401 logout navigates), the session timeout,
 * and the pages with their server data.
 */
export function AppRoot() {
  const navigate = useNavigate();
  const location = useLocation();
  const { api } = useAppServices();
  const toast = useToast();
  const [visit] = useState(() => recordVisitStart(location.pathname, location.search));

  // Any 401 (spec 1 §8): the same logout as the menu's, without calling the server, which has
  // already ended the session. Someone who was signed in goes back to `/`.
  const onUnauthorised = useCallback(() => {
    const hadSession = sessionStore.getToken() !== undefined;
    void logout(api, { revoke: false });
    if (hadSession) void navigate(paths.landing, { replace: true });
  }, [api, navigate]);

  // Forced timeout (spec 1 §4): back to where the visit started, with the timeout notice.
  useSessionTimeout(
    useCallback(() => {
      void logout(api);
      void navigate(visit.initialPath, { replace: true });
      toast.showSessionTimeout();
    }, [api, navigate, toast, visit.initialPath]),
  );

  return (
    <ErrorHandlerProvider logout={onUnauthorised} supportHref={documentPath('contact')}>
      {/* The pages' code failing to arrive (a new release replaced it) still shows the frame
          with the way to reload, never a blank page. */}
      <RouteErrorBoundary
        fallback={
          <AppFrame>
            <RouteErrorPage />
          </AppFrame>
        }
      >
        <Suspense
          fallback={
            <AppFrame>
              <PageLoader />
            </AppFrame>
          }
        >
          <RoutedApp />
        </Suspense>
      </RouteErrorBoundary>
    </ErrorHandlerProvider>
  );
}
