import type { Branding, ThemeImageName } from '@tern/domain';
import { escapeHtml as escapeXml } from '../lib/html.ts';

/**
 * Theme images drawn from a partner's palette and name: the demo partners' logos and the
 * baseline theme's images. Real partners upload their own files in place of these.
 */
type Palette = Branding['palette'];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

const svg = (w: number, h: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;

/** A stylised tern in flight: the mark shared by every generated logo. */
const bird = (x: number, y: number, scale: number, colour: string) =>
  `<path transform="translate(${x} ${y}) scale(${scale})" fill="${colour}" d="M0 12 C8 4 16 2 24 8 C30 2 40 0 48 4 C40 6 34 10 30 16 C26 12 20 11 12 13 C8 14 4 14 0 12 Z"/>`;

export function brandImage(name: ThemeImageName, palette: Palette, brandName: string): string {
  const label = escapeXml(brandName);
  switch (name) {
    case 'logo':
      return svg(
        240,
        56,
        // A paper-coloured plate keeps the wordmark legible on dark navbars and photos alike.
        `<rect width="240" height="56" rx="10" fill="${palette.paper}"/>${bird(10, 14, 0.9, palette.secondary)}<text x="60" y="37" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="${palette.primary}">${label}</text>`,
        brandName,
      );
    case 'smallLogo':
    case 'favicon':
      return svg(
        64,
        64,
        `<rect width="64" height="64" rx="14" fill="${palette.primary}"/><text x="32" y="42" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" fill="${palette.paper}">${escapeXml(initials(brandName))}</text>`,
        brandName,
      );
    case 'navbarExtraLogo':
      return svg(
        120,
        40,
        `${bird(8, 8, 0.8, palette.paper)}<text x="52" y="26" font-family="Helvetica, Arial, sans-serif" font-size="12" fill="${palette.paper}">protected</text>`,
        `${brandName} protection`,
      );
    case 'instructions':
      return svg(
        320,
        180,
        `<rect width="320" height="180" rx="12" fill="${palette.background}"/><circle cx="60" cy="90" r="28" fill="${palette.secondary}"/><rect x="110" y="62" width="170" height="12" rx="6" fill="${palette.primary}"/><rect x="110" y="86" width="130" height="10" rx="5" fill="${palette.text}" opacity=".4"/><rect x="110" y="106" width="150" height="10" rx="5" fill="${palette.text}" opacity=".25"/>`,
        `${brandName} instructions`,
      );
    case 'loungeCard':
      return svg(
        320,
        180,
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.primary}"/><stop offset="1" stop-color="${palette.secondary}"/></linearGradient></defs><rect width="320" height="180" rx="12" fill="url(#g)"/><rect x="40" y="100" width="240" height="40" rx="8" fill="${palette.paper}" opacity=".85"/>`,
        `${brandName} lounge`,
      );
    case 'mainBackground':
      return svg(
        1600,
        900,
        `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.background}"/><stop offset="1" stop-color="${palette.primary}" stop-opacity=".18"/></linearGradient></defs><rect width="1600" height="900" fill="url(#b)"/>${bird(1100, 160, 6, palette.primary + '22')}`,
        `${brandName} background`,
      );
  }
}

export const imageFileName = (name: ThemeImageName) =>
  name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) + '.svg';
