import { createTheme, type Theme } from '@mui/material/styles';
import type { Branding } from '@tern/domain/partners/config';
import { badgeColours, MIN_TEXT_CONTRAST, textColourOn } from '@tern/domain/partners/contrast';
import { fontsOf, fontStack } from './fonts.ts';

/**
 * The MUI theme of a partner: its palette, its font pair (headings and body), an app bar in
 * its navbar colour, and one case style: sentence case for buttons and labels as for
 * headings, never MUI's upper case. Text on a coloured background (badges, filled alerts and
 * toasts, contained buttons, the app bar) reads at 4.5:1 on any palette: MUI's own choice
 * accepts 3:1 and puts white on the warning orange (3.11:1). A keyboard's focus is a ring.
 */
export function buildMuiTheme({ palette, fonts }: Pick<Branding, 'palette' | 'fonts'>): Theme {
  const { heading, body } = fontsOf(fonts);
  const headings = { fontFamily: fontStack(heading), fontWeight: 700 };
  const base = createTheme({
    palette: {
      ...badgeColours(palette),
      background: { default: palette.background, paper: palette.paper },
      text: { primary: palette.text },
      contrastThreshold: MIN_TEXT_CONTRAST,
      // What MUI computes itself (a filled alert's text) follows the same rule, never
      // MUI's translucent black, which reads lighter than it measures.
      getContrastText: (background: string) => textColourOn(background, palette.text),
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
      // MUI shows a keyboard's focus on a button, a checkbox or a menu item only as a faint
      // pulsing ripple (and not at all until the ripple has loaded): a ring shows where the
      // focus is. Inside the control's edge, in its own text colour, so it reads on any
      // background (white on a contained button, the navbar's text colour in the app bar) and
      // no scrolling list or menu cuts it off.
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: -2 },
          },
        },
      },
      MuiAppBar: {
        styleOverrides: {
          root: {
            backgroundColor: palette.navbar,
            // Partners pick the navbar colour freely: the text colour follows it for contrast.
            color: textColourOn(palette.navbar, palette.text),
          },
        },
      },
      // MUI paints a toggle button that is not chosen in its translucent icon grey, 4.49:1 on
      // a light page; in the text colour it reads as the page's text does (the chosen one
      // stands out by its shade and `aria-pressed`).
      MuiToggleButton: { styleOverrides: { root: { color: palette.text } } },
    },
  });
}
