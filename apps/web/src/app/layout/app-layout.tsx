import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useAppServices } from '../../core/app-services.ts';
import { useClientRecord } from '../../core/partner/use-client-record.ts';
import { paths } from '../../core/routing/paths.ts';
import { RouteErrorBoundary } from '../routing/route-error-boundary.tsx';
import { useSession } from '../../core/session/use-logged-in.ts';
import { ActingBanner } from '../../features/accounts/index.ts';
import { FooterLinks } from '../../features/content/index.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { PageLoader } from './page-loader.tsx';

const MAIN_ID = 'main-content';

// Signed-in chrome arrives with the session, not with the first page.
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));
/**
 * The frame of every page: skip link, header with the partner's logo and the language
 * switcher (the user menu once signed in), the acting-for banner while an agent acts for a
 * customer, and the page itself. `data-theme` names the partner theme in use so browser
 * tests can tell themes apart.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { branding, theme } = useAppServices().themeConfig;
  const session = useSession();
  // Checks early that this origin belongs to the partner; later features read the record.
  useClientRecord();
  return (
    <Box data-theme={theme} sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skip_to_content')}
      </Link>
      <AppBar position="static" component="header" elevation={0}>
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <Link
            component={RouterLink}
            to={paths.landing}
            sx={{ display: 'flex', alignItems: 'center' }}
          >
            <Box
              component="img"
              src={branding.images.logo}
              alt={t('app.home_link', { name: branding.name })}
              // Smaller on a phone, so the language choice fits beside it at 360 px.
              sx={{
                height: { xs: 32, sm: 40 },
                maxWidth: { xs: 120, sm: 180 },
                objectFit: 'contain',
              }}
            />
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          {session ? (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          ) : (
            <LanguageSwitcher />
          )}
        </Toolbar>
      </AppBar>
      {session?.agentId ? (
        <Suspense fallback={null}>
          <ActingBanner />
        </Suspense>
      ) : null}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <Box
        component="footer"
        sx={{ py: 3, px: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
      >
        <FooterLinks />
      </Box>
    </Box>
  );
}
