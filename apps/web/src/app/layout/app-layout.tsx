import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useClientRecord } from '../../core/partner/use-client-record.ts';
import { RouteErrorBoundary } from '../routing/route-error-boundary.tsx';
import { useSession } from '../../core/session/use-logged-in.ts';
import { ActingBanner } from '../../features/accounts/index.ts';
import { navDrawerButton, signedInNav } from '../session/signed-in-chunks.ts';
import { AppFrame, MAIN_ID } from './app-frame.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useFocusOnNewPage } from './use-focus-on-new-page.ts';
import { PAGE_ROOM, PageLoader } from '../../components/page/page-loader.tsx';

// Signed-in chrome (navigation, drawer, user menu) arrives with the session, not with the
// first page.
const SignedInNav = signedInNav.Component;
const NavDrawerButton = navDrawerButton.Component;

/**
 * The drawer button's room before the logo while it loads, on the screens that show it (an
 * IconButton of 40 px at the edge, -12 px: 28 px), so the logo does not move when it arrives (CLS).
 */
const DRAWER_BUTTON_ROOM = 28;
const drawerButtonRoom = (
  <Box
    data-testid="nav-drawer-room"
    sx={{ display: { md: 'none' }, width: DRAWER_BUTTON_ROOM, flexShrink: 0 }}
  />
);

/**
 * Every route's layout: the frame with, signed out, the language choice, and signed in, the
 * navigation to the areas the partner offers (a drawer on a narrow screen) and the user
 * menu; while an agent acts for a customer, the banner naming both.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const session = useSession();
  // Checks early that this origin belongs to the partner; later features read the record.
  useClientRecord();
  useFocusOnNewPage(MAIN_ID);
  return (
    <AppFrame
      headerStart={
        session ? (
          <Suspense fallback={drawerButtonRoom}>
            <NavDrawerButton />
          </Suspense>
        ) : null
      }
      headerEnd={
        session ? (
          <Suspense fallback={null}>
            <SignedInNav />
          </Suspense>
        ) : (
          <LanguageSwitcher />
        )
      }
      banner={
        session?.agentId ? (
          <Suspense fallback={null}>
            <ActingBanner />
          </Suspense>
        ) : null
      }
    >
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<PageLoader minHeight={PAGE_ROOM} />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </AppFrame>
  );
}
