import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/page/page-loader.tsx';
import { useAppServices } from '../../core/app-services.ts';
import { logout } from '../../core/session/logout.ts';
import { useSession } from '../../core/session/use-logged-in.ts';
import { widgetHost } from '../../core/widget-host.ts';
import {
  isFramed,
  postToHost,
  widgetPaths,
  type UnauthorisedState,
} from '../../features/widget/index.ts';
import { RouteErrorBoundary } from '../routing/route-error-boundary.tsx';

/**
 * Every widget page's layout: the panel alone, without the portal's header and footer, in the
 * partner's theme. Framed, it keeps the host page told: the panel's height whenever it changes
 * (a ResizeObserver on the panel, so the frame never scrolls) and what the areas announce
 * (`core/widget-host.ts`). A signed-in panel ends with a sign-out link.
 */
export function WidgetLayout() {
  const { t } = useTranslation('widget');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { api, themeConfig } = useAppServices();
  const origins = themeConfig.config.widget.embeddingOrigins;
  const session = useSession();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(
    () => widgetHost.connect((type, detail) => postToHost(origins, type, detail)),
    [origins],
  );

  useEffect(() => {
    const element = panel.current;
    if (!element || !isFramed() || typeof ResizeObserver === 'undefined') return;
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postToHost(origins, 'resize', { height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [origins]);

  const signOut = () => {
    void logout(api);
    postToHost(origins, 'logged-out');
    const state: UnauthorisedState = { from: pathname, reason: 'signed-out' };
    void navigate(widgetPaths.unauthorised, { replace: true, state });
  };

  return (
    <Box ref={panel} data-theme={themeConfig.theme} data-testid="widget" sx={{ pb: 1 }}>
      <Box component="main" id="main-content">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      {session ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2 }}>
          <Button size="small" onClick={signOut}>
            {t('sign_out')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
