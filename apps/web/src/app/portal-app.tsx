import type { i18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import type { AppServices } from '../core/app-services.ts';
import { AppProviders } from './app-providers.tsx';
import { AppRoot } from './app-root.tsx';

/**
 * The whole portal under its router: what the browser renders (`render.tsx`) and what the
 * server renders for the pages it sends rendered (`entry-server.tsx`), one tree so the
 * browser's hydration finds the server's markup.
 */
export function PortalApp({
  services,
  i18n,
  router,
}: {
  services: AppServices;
  i18n: i18n;
  /** A browser router in the browser, a static one on the server. */
  router: (app: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <AppProviders services={services} i18n={i18n}>
        {router(<AppRoot />)}
      </AppProviders>
    </StrictMode>
  );
}
