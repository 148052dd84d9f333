import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../components/toasts/use-toast.ts';
import { useAppServices } from '../core/app-services.ts';
import { ErrorHandlerProvider } from '../core/errors/error-handler-provider.tsx';
import { AppFrame } from './layout/app-frame.tsx';
import { PageLoader } from '../components/page/page-loader.tsx';
import { RouteErrorBoundary } from './routing/route-error-boundary.tsx';
import { RouteErrorPage } from './routing/route-error-page.tsx';
import { paths } from '../core/routing/paths.ts';
import { documentPath } from '../features/content/index.ts';
import { recordVisitStart } from '../core/session/app-details-store.ts';
import { logout } from '../core/session/logout.ts';
import { sessionStore } from '../core/session/session-store.ts';
import { useSessionTimeout } from '../core/session/use-session-timeout.ts';
import { routedApp } from './load-routed-app.ts';
import { isWidgetPath } from '@tern/domain/widget/panels';
import { postToHost, widgetPaths, type UnauthorisedState } from '../features/widget/index.ts';

const BareFrame = ({ children }: { children: ReactNode }) => <>{children}</>;

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
  const { api, themeConfig } = useAppServices();
  const toast = useToast();
  const [visit] = useState(() => recordVisitStart(location.pathname, location.search));

  // Any 401 (spec 1 §8): the same logout as the menu's, without calling the server, which has
  // already ended the session. Someone who was signed in goes back to `/`.
  const widget = isWidgetPath(location.pathname);
  // A widget panel's session that ends goes to the widget's 401 notice, which asks the host
  // page for a fresh token (spec 1 §4 "widget sessions are handled differently").
  const toWidgetNotice = useCallback(
    (reason: UnauthorisedState['reason']) => {
      const state: UnauthorisedState = { from: location.pathname + location.search, reason };
      postToHost(themeConfig.config.widget.embeddingOrigins, 'session-expired');
      void navigate(widgetPaths.unauthorised, { replace: true, state });
    },
    [location.pathname, location.search, navigate, themeConfig],
  );

  const onUnauthorised = useCallback(() => {
    const hadSession = sessionStore.getToken() !== undefined;
    void logout(api, { revoke: false });
    if (!hadSession) return;
    if (widget) toWidgetNotice('expired');
    else void navigate(paths.landing, { replace: true });
  }, [api, navigate, widget, toWidgetNotice]);

  // Forced timeout (spec 1 §4): back to where the visit started, with the timeout notice.
  useSessionTimeout(
    useCallback(() => {
      void logout(api);
      if (widget) return toWidgetNotice('expired');
      void navigate(visit.initialPath, { replace: true });
      toast.showSessionTimeout();
    }, [api, navigate, toast, visit.initialPath, widget, toWidgetNotice]),
  );
  // The widget has no header or footer, even while its pages' code arrives.
  const Frame = widget ? BareFrame : AppFrame;

  return (
    <ErrorHandlerProvider logout={onUnauthorised} supportHref={documentPath('contact')}>
      {/* The pages' code failing to arrive (a new release replaced it) still shows the frame
          with the way to reload, never a blank page. */}
      <RouteErrorBoundary
        fallback={
          <Frame>
            <RouteErrorPage />
          </Frame>
        }
      >
        <Suspense
          fallback={
            <Frame>
              <PageLoader />
            </Frame>
          }
        >
          <RoutedApp />
        </Suspense>
      </RouteErrorBoundary>
    </ErrorHandlerProvider>
  );
}
