import { Suspense, useMemo } from 'react';
import { useRoutes } from 'react-router';
import { useAppServices } from '../core/app-services.ts';
import { useSession } from '../core/session/use-logged-in.ts';
import { QueryProvider } from './query-provider.tsx';
import { appRoutesFor } from './routing/app-routes.tsx';
import { sessionRuntime } from './session/signed-in-chunks.ts';

// What a signed-in session runs in the background (data loading, access refresh); its code
// and the schemas it checks answers with arrive after login, not with the first page.
const SessionRuntime = sessionRuntime.Component;

/**
 * The pages with their server data: TanStack Query, the session's background work and the
 * routes. A chunk of its own, downloaded beside the first page's code (`app-root.tsx`).
 */
export function RoutedApp() {
  const session = useSession();
  const { config } = useAppServices().themeConfig;
  const routes = useRoutes(useMemo(() => appRoutesFor(config), [config]));
  return (
    <QueryProvider>
      {session?.userId ? (
        <Suspense fallback={null}>
          {/* A new token (login, acting for a customer, stop acting) starts afresh. */}
          <SessionRuntime key={session.token} userId={session.userId} agentId={session.agentId} />
        </Suspense>
      ) : null}
      {routes}
    </QueryProvider>
  );
}
