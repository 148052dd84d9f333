import Box from '@mui/material/Box';
import { WIDGET_PANEL_NAMES, WIDGET_PANELS, type WidgetPanel } from '@tern/domain/widget/panels';
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

/** The panel a widget address shows (`sign_in` for the 401 notice). */
const panelOf = (pathname: string): WidgetPanel | 'sign_in' =>
  WIDGET_PANEL_NAMES.find((panel) => WIDGET_PANELS[panel].path === pathname) ?? 'sign_in';

/** A dialog's sheet (MUI): its content's height, whatever the frame's height lets it show. */
const DIALOG_PAPER = '.MuiDialog-paper';
/** Room around an open dialog's sheet (MUI's margins of 32 px above and below). */
const DIALOG_MARGIN = 64;
const dialogsHeight = (): number =>
  Math.max(
    0,
    ...[...document.querySelectorAll(DIALOG_PAPER)].map(
      // Its parts at their full heights: the sheet itself is held to the frame's height, and
      // its content scrolls inside it.
      (paper) =>
        [...paper.children].reduce((sum, part) => sum + part.scrollHeight, 0) + DIALOG_MARGIN,
    ),
  );

/**
 * Every widget page's layout: the panel alone, without the portal's header and footer, in the
 * partner's theme. Framed, it keeps the host page told: the panel's height whenever it changes
 * (a ResizeObserver on the panel and on any dialog open over it, so the frame never scrolls) and what the areas announce
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
    const report = () => {
      const height = Math.ceil(Math.max(element.getBoundingClientRect().height, dialogsHeight()));
      if (height === last) return;
      last = height;
      postToHost(origins, 'resize', { height });
    };
    const sizes = new ResizeObserver(report);
    sizes.observe(element);
    // Dialogs open in the page's body, outside the panel: the frame grows to hold them too.
    const watched = new Set<Element>();
    const dialogs = new MutationObserver(() => {
      for (const paper of document.querySelectorAll(DIALOG_PAPER))
        if (!watched.has(paper)) {
          watched.add(paper);
          sizes.observe(paper);
        }
      report();
    });
    // What a dialog shows changes without resizing its sheet (a wizard's next step).
    dialogs.observe(document.body, { childList: true, subtree: true });
    return () => {
      sizes.disconnect();
      dialogs.disconnect();
    };
  }, [origins]);

  const signOut = () => {
    void logout(api);
    postToHost(origins, 'logged-out');
    const state: UnauthorisedState = { from: pathname, reason: 'signed-out' };
    void navigate(widgetPaths.unauthorised, { replace: true, state });
  };

  return (
    <Box ref={panel} data-theme={themeConfig.theme} data-testid="widget" sx={{ pb: 1 }}>
      {/* Named, as the partner's page around the frame has a main landmark of its own. */}
      <Box component="main" id="main-content" aria-label={t(`panels.${panelOf(pathname)}`)}>
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
