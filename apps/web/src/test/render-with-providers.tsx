import { catalogueTranslations } from './translations.ts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import type { TextLanguage } from '@tern/domain/constants';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../app/i18n/create-i18n.ts';
import { buildMuiTheme } from '../app/theme/build-mui-theme.ts';
import { ToastProvider } from '../components/toasts/toast-provider.tsx';
import { themeConfigFixture } from './theme-config-fixture.ts';

/** Renders a component with texts, the MUI theme and the notices, as pages get them. */
export async function renderWithProviders(
  ui: ReactNode,
  { language = 'en' }: { language?: TextLanguage } = {},
) {
  const i18n = await createI18n(language, catalogueTranslations);
  const theme = buildMuiTheme(themeConfigFixture().branding);
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>{ui}</ToastProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { ...result, user, i18n };
}
