import { DEFAULT_FONTS, type BundledFont, type FontPair } from '@tern/domain/partners/fonts';

/**
 * Each bundled typeface's stylesheet (@font-face rules per script, fetched by the browser only
 * for the characters a page uses). Only the pair of the partner's theme is loaded.
 */
const stylesheets: Record<BundledFont, () => Promise<unknown>> = {
  'Inter Variable': () => import('@fontsource-variable/inter'),
  'Montserrat Variable': () => import('@fontsource-variable/montserrat'),
  'Open Sans Variable': () => import('@fontsource-variable/open-sans'),
  'Lora Variable': () => import('@fontsource-variable/lora'),
  'Source Sans 3 Variable': () => import('@fontsource-variable/source-sans-3'),
  'Plus Jakarta Sans Variable': () => import('@fontsource-variable/plus-jakarta-sans'),
};

/** The theme's pair, or the default one. */
export const fontsOf = (fonts: FontPair | undefined): FontPair => fonts ?? DEFAULT_FONTS;

/**
 * Starts loading the theme's typefaces. Text shows at once in the fallback font and takes the
 * theme's as it arrives (`font-display: swap`), so nothing waits on it.
 */
export function loadFonts(fonts: FontPair | undefined): void {
  const { heading, body } = fontsOf(fonts);
  for (const font of new Set([heading, body])) {
    // A name this build does not bundle (a newer theme) keeps the system font.
    if (!Object.hasOwn(stylesheets, font)) continue;
    stylesheets[font]().catch((error: unknown) => {
      console.warn(`Font ${font} not loaded; the system font stands in.`, error);
    });
  }
}

/** A CSS font-family list: the typeface, then the system's. */
export const fontStack = (font: BundledFont): string =>
  `"${font}", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
