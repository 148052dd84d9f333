/**
 * The typefaces the portal bundles (self-hosted variable fonts): a partner's theme picks its
 * pair from these, since the portal cannot load fonts from elsewhere. No zod here: the web
 * app's first download reads these.
 */
export const BUNDLED_FONTS = [
  'Inter Variable',
  'Montserrat Variable',
  'Open Sans Variable',
  'Lora Variable',
  'Source Sans 3 Variable',
  'Plus Jakarta Sans Variable',
] as const;
export type BundledFont = (typeof BUNDLED_FONTS)[number];

/** A theme's typefaces: headings and body text. */
export type FontPair = { heading: BundledFont; body: BundledFont };

/** The pair of a theme that names none. */
export const DEFAULT_FONTS: FontPair = { heading: 'Inter Variable', body: 'Inter Variable' };

/**
 * The weights the portal's typography uses (the MUI theme: body 400, buttons and small
 * headings 600, headings 700; a check beside it keeps them inside). The build cuts each
 * bundled variable font's weight axis to this range: a third to a half of their bytes.
 */
export const FONT_WEIGHT_RANGE = { min: 400, max: 700 } as const;
