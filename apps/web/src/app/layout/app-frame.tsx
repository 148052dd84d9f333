import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppServices } from '../../core/app-services.ts';
import { paths } from '../../core/routing/paths.ts';
import { FooterLinks } from '../../features/content/index.ts';

/** The page's landmark: the skip link's target, and where a new page puts the focus. */
export const MAIN_ID = 'main-content';

export type AppFrameProps = {
  /** The page. */
  children: ReactNode;
  /** Before the logo: the menu button that opens the navigation drawer on a narrow screen. */
  headerStart?: ReactNode;
  /** After the logo: navigation, and the language choice or the user menu. */
  headerEnd?: ReactNode;
  /** Under the toolbar, inside the header: who an agent is acting for. */
  banner?: ReactNode;
};

/**
 * The frame of every page: skip link, header with the partner's logo, the page, and a footer
 * with the partner's help and legal links. It needs no server data, so it is also what shows
 * while the first page's code and data layer arrive (`app-root.tsx`). `data-theme` names the
 * partner theme in use so browser tests can tell themes apart.
 */
export function AppFrame({ children, headerStart, headerEnd, banner }: AppFrameProps) {
  const { t } = useTranslation();
  const { branding, theme } = useAppServices().themeConfig;
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
          {headerStart}
          <Link
            component={RouterLink}
            to={paths.landing}
            sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}
          >
            {/* The logo at its natural proportions: only its height is set. Smaller on a
                phone so the header's controls fit at 360 px. */}
            <Box
              component="img"
              src={branding.images.logo}
              alt={t('app.home_link', { name: branding.name })}
              sx={{
                height: { xs: 32, sm: 40 },
                width: 'auto',
                // An unusually wide logo shrinks whole (letterboxed), never squeezed.
                maxWidth: { xs: '50vw', sm: 'none' },
                objectFit: 'contain',
                objectPosition: 'left center',
              }}
            />
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          {headerEnd}
        </Toolbar>
        {banner}
      </AppBar>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {children}
      </Box>
      <Box
        component="footer"
        sx={{ py: 3, px: 2, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
      >
        <FooterLinks />
        <Typography variant="body2" color="text.secondary" align="center" sx={{ mt: 2 }}>
          {t('app.footer_note', { name: branding.name, year: new Date().getFullYear() })}
        </Typography>
      </Box>
    </Box>
  );
}
