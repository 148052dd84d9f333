import type { Branding } from './config.ts';

/**
 * Colour contrast as WCAG 2.2 measures it, for what the portal draws on a partner's palette:
 * badges (status chips), filled alerts and toasts, the app bar. Partners choose their colours
 * freely, so the text on each is computed, never assumed. Zod-free: the web's first page
 * imports it with the theme.
 */

/** WCAG 2.2 §1.4.3 (AA): text of normal size against its background. */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const BLACK = '#000000';

/** `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)` (alpha ignored) as 0–255 channels. */
const channelsOf = (colour: string): [number, number, number] => {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const digits = hex[1]!;
    const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(colour.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`Not a colour the contrast rules read: ${colour}`);
};

/** Relative luminance (WCAG 2.2): 0 for black, 1 for white. */
export const luminance = (colour: string): number => {
  const [r, g, b] = channelsOf(colour).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/**
 * The text colour for a background: white where white reads at 4.5:1, else `dark` (the
 * partner's text colour) where it does, else black. Black always does then: white falls short
 * only on a background lighter than luminance 0.183, and black on that is at least 4.66:1.
 */
export const textColourOn = (background: string, dark: string = BLACK): string => {
  if (contrastRatio(background, WHITE) >= MIN_TEXT_CONTRAST) return WHITE;
  return contrastRatio(background, dark) >= MIN_TEXT_CONTRAST ? dark : BLACK;
};

/**
 * The states the portal shows besides the partner's own two colours: a failed or cancelled
 * thing, a delay, news, a success. One set for every partner (Material's).
 */
export const statusColours = {
  error: '#d32f2f',
  warning: '#ed6c02',
  info: '#0288d1',
  success: '#2e7d32',
} as const;

/** Every colour a badge (status chip), a filled alert or a contained button is drawn in. */
export const badgeColourNames = [
  'primary',
  'secondary',
  'error',
  'warning',
  'info',
  'success',
] as const;
export type BadgeColourName = (typeof badgeColourNames)[number];

export type BadgeColour = { main: string; contrastText: string };

/**
 * A partner's badge colours: each background with the text that reads on it at 4.5:1 (the
 * Delayed badge in white on orange read at 3.11:1).
 */
export const badgeColours = (
  palette: Pick<Branding['palette'], 'primary' | 'secondary' | 'text'>,
): Record<BadgeColourName, BadgeColour> => {
  const mains: Record<BadgeColourName, string> = {
    primary: palette.primary,
    secondary: palette.secondary,
    ...statusColours,
  };
  return Object.fromEntries(
    badgeColourNames.map((name) => [
      name,
      { main: mains[name], contrastText: textColourOn(mains[name], palette.text) },
    ]),
  ) as Record<BadgeColourName, BadgeColour>;
};
