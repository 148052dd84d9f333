import CssBaseline from '@mui/material/CssBaseline';
// MUI's material ThemeProvider also carries the CSS-variables provider, which this theme
// does not use: the system one keeps ~3 KB gzip out of the first download.
import { ThemeProvider } from '@mui/system';
import type { i18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/toasts/toast-provider.tsx';
import { AppServicesContext, type AppServices } from '../core/app-services.ts';
import { buildMuiTheme } from './theme/build-mui-theme.ts';

export type AppProvidersProps = {
  services: AppServices;
  i18n: i18n;
  /** The router: a browser router in the app, a memory router in tests. */
  children: ReactNode;
};

/** What every page relies on and that does not depend on the route: services, texts, theme, notices. */
export function AppProviders({ services, i18n, children }: AppProvidersProps) {
  const theme = useMemo(() => buildMuiTheme(services.themeConfig.branding), [services.themeConfig]);
  return (
    <AppServicesContext value={services}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
      </I18nextProvider>
    </AppServicesContext>
  );
}
