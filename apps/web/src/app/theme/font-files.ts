import type { BundledFont, FontPair } from '@tern/domain/partners/fonts';
import inter from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import lora from '@fontsource-variable/lora/files/lora-latin-wght-normal.woff2?url';
import montserrat from '@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2?url';
import openSans from '@fontsource-variable/open-sans/files/open-sans-latin-wght-normal.woff2?url';
import plusJakartaSans from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url';
import sourceSans3 from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url';

/**
 * Each bundled typeface's Latin file (the subset of its stylesheet that English, French,
 * Spanish and the other Latin-script languages read first; the stylesheet adds the others by
 * unicode-range when a page needs them). The build names them by content, as the stylesheet
 * does: the same files.
 */
const latinFiles: Record<BundledFont, string> = {
  'Inter Variable': inter,
  'Montserrat Variable': montserrat,
  'Open Sans Variable': openSans,
  'Lora Variable': lora,
  'Source Sans 3 Variable': sourceSans3,
  'Plus Jakarta Sans Variable': plusJakartaSans,
};

/**
 * Starts fetching the theme's two Latin font files now, beside the app's code: the text then
 * paints in the theme's typefaces at once instead of changing font (and size) once they
 * arrive, which moved the page (CLS) and made the start page's largest paint wait for them.
 */
export function preloadFonts(fonts: FontPair, doc: Document = document): void {
  for (const href of fontFiles(fonts)) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'font';
    link.type = 'font/woff2';
    link.crossOrigin = 'anonymous';
    link.href = href;
    doc.head.append(link);
  }
}

/** The Latin files of the theme's typefaces that this build bundles (a newer name has none). */
export const fontFiles = ({ heading, body }: FontPair): string[] =>
  [...new Set([heading, body])].flatMap((font) =>
    Object.hasOwn(latinFiles, font) ? [latinFiles[font]] : [],
  );
