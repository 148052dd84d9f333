import type { BundledFont, FontPair } from '@tern/domain/partners/fonts';
import inter from '@fontsource-variable/inter/index.css?inline';
import lora from '@fontsource-variable/lora/index.css?inline';
import montserrat from '@fontsource-variable/montserrat/index.css?inline';
import openSans from '@fontsource-variable/open-sans/index.css?inline';
import plusJakartaSans from '@fontsource-variable/plus-jakarta-sans/index.css?inline';
import sourceSans3 from '@fontsource-variable/source-sans-3/index.css?inline';
import { fontsOf } from './fonts.ts';

/**
 * Each bundled typeface's stylesheet as text (its Latin faces: apps/web/vite.config.ts), for
 * the page the server renders (`entry-server.tsx`): the text paints in the theme's typefaces
 * from the first frame once their files (preloaded beside) arrive, as the browser's render
 * does with `fonts.ts`'s stylesheets. Only the server's bundle imports this.
 */
const faces: Record<BundledFont, string> = {
  'Inter Variable': inter,
  'Montserrat Variable': montserrat,
  'Open Sans Variable': openSans,
  'Lora Variable': lora,
  'Source Sans 3 Variable': sourceSans3,
  'Plus Jakarta Sans Variable': plusJakartaSans,
};

/** The `@font-face` rules of the theme's pair (a name this build does not bundle has none). */
export function fontFaces(fonts: FontPair | undefined): string {
  const { heading, body } = fontsOf(fonts);
  return [...new Set([heading, body])]
    .flatMap((font) => (Object.hasOwn(faces, font) ? [faces[font]] : []))
    .join('');
}
