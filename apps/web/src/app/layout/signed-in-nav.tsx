import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { useAppServices } from '../../core/app-services.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { webAreas } from '../areas.ts';
import { labelNamespaces, navLinks } from './nav-entries.ts';
import { UserMenu } from './user-menu.tsx';

/**
 * The signed-in navigation for this partner and this person (see `navLinks`), and the texts
 * of its labels (the areas' namespaces load with them).
 */
function useNavLinks() {
  const { config } = useAppServices().themeConfig;
  const access = useAccess();
  const links = useMemo(
    () =>
      navLinks(webAreas, config, {
        staffConsole: access.onOwnConsole,
        hasFeature: (feature) => access.hasFeature(feature),
      }),
    [config, access],
  );
  const { t } = useTranslation(labelNamespaces(links));
  return { links, t };
}

/** Wide screens: the navigation links in the header, then the user menu. */
export function SignedInNav() {
  const { links, t } = useNavLinks();
  return (
    <>
      <Box
        component="nav"
        aria-label={t('nav.label')}
        sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, mr: 1 }}
      >
        {links.map((link) => (
          <Button
            key={link.path}
            component={RouterNavLink}
            to={link.path}
            end
            color="inherit"
            sx={{
              // The current page is underlined; NavLink marks it aria-current="page".
              '&[aria-current="page"]': { textDecoration: 'underline', textUnderlineOffset: 6 },
            }}
          >
            {t(link.label, { ns: link.ns })}
          </Button>
        ))}
      </Box>
      <UserMenu />
    </>
  );
}

/** Narrow screens: a menu button before the logo that opens the navigation as a drawer. */
export function NavDrawerButton() {
  const { links, t } = useNavLinks();
  const { branding } = useAppServices().themeConfig;
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const drawerTitleId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={t('nav.open')}
        aria-controls={open ? drawerId : undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        sx={{ display: { md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        id={drawerId}
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { 'aria-labelledby': drawerTitleId } }}
        // Left open as the screen widens, it would repeat the header's navigation.
        sx={{ display: { md: 'none' } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, width: 260 }}>
          <Box
            component="img"
            src={branding.images.smallLogo}
            alt=""
            sx={{ width: 32, height: 32 }}
          />
          <Typography id={drawerTitleId} variant="h6" component="p">
            {branding.name}
          </Typography>
        </Box>
        <Divider />
        <Box component="nav" aria-label={t('nav.label')} sx={{ width: 260 }}>
          <List>
            {/* Each link in an item of its own: a list holds list items only. */}
            {links.map((link) => (
              <ListItem key={link.path} disablePadding>
                <ListItemButton
                  component={RouterNavLink}
                  to={link.path}
                  end
                  selected={pathname === link.path}
                  onClick={() => setOpen(false)}
                >
                  <ListItemText primary={t(link.label, { ns: link.ns })} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
