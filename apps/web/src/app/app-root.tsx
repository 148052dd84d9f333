import { useCallback } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import { ErrorHandlerProvider } from './errors/error-handler-provider.tsx';
import { QueryProvider } from './query-provider.tsx';
import { appRoutes } from './routing/app-routes.tsx';
import { paths } from './routing/paths.ts';
import { sessionStore } from './session/session-store.ts';

/**
 * Inside the router: the error handler (whose logout navigates), server data, and the routes.
 * Logout clears the session first, so it holds even when the navigation is interrupted.
 */
export function AppRoot() {
  const navigate = useNavigate();
  const logout = useCallback(() => {
    sessionStore.clear();
    void navigate(paths.landing, { replace: true });
  }, [navigate]);
  return (
    <ErrorHandlerProvider logout={logout}>
      <QueryProvider>{useRoutes(appRoutes)}</QueryProvider>
    </ErrorHandlerProvider>
  );
}
