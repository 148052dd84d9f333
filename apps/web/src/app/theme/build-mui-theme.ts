import { createTheme, type Theme } from '@mui/material/styles';
import type { Branding } from '@tern/domain/partners/config';

/** The MUI theme of a partner: its palette, and an app bar in its navbar colour. */
export function buildMuiTheme(palette: Branding['palette']): Theme {
  const base = createTheme({
    palette: {
      primary: { main: palette.primary },
      secondary: { main: palette.secondary },
      background: { default: palette.background, paper: palette.paper },
      text: { primary: palette.text },
    },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
  });
  return createTheme(base, {
    components: {
      MuiAppBar: {
        styleOverrides: {
          root: {
            backgroundColor: palette.navbar,
            // Partners pick the navbar colour freely: the text colour follows it for contrast.
            color: base.palette.getContrastText(palette.navbar),
          },
        },
      },
    },
  });
}
