import { createTheme, type Theme } from '@mui/material/styles';
import type { Branding } from '@tern/domain/partners/config';
import { fontsOf, fontStack } from './fonts.ts';

/**
 * The MUI theme of a partner: its palette, its font pair (headings and body), an app bar in
 * its navbar colour, and one case style: sentence case for buttons and labels as for
 * headings, never MUI's upper case.
 */
export function buildMuiTheme({ palette, fonts }: Pick<Branding, 'palette' | 'fonts'>): Theme {
  const { heading, body } = fontsOf(fonts);
  const headings = { fontFamily: fontStack(heading), fontWeight: 700 };
  const base = createTheme({
    palette: {
      primary: { main: palette.primary },
      secondary: { main: palette.secondary },
      background: { default: palette.background, paper: palette.paper },
      text: { primary: palette.text },
    },
    typography: {
      fontFamily: fontStack(body),
      h1: headings,
      h2: headings,
      h3: headings,
      h4: headings,
      h5: headings,
      h6: { ...headings, fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
      overline: { textTransform: 'none', letterSpacing: 0 },
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
