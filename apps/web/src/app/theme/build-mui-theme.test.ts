import { baselineBranding } from '@tern/domain/partners/config';
import {
  badgeColourNames,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  statusColours,
} from '@tern/domain/partners/contrast';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FONT_WEIGHT_RANGE } from '@tern/domain/partners/fonts';
import { describe, expect, it } from 'vitest';
import { buildMuiTheme } from './build-mui-theme.ts';

const palette = {
  primary: '#123456',
  secondary: '#abcdef',
  background: '#f0f0f0',
  paper: '#fafafa',
  text: '#101010',
  navbar: '#ffffff',
};

describe('buildMuiTheme', () => {
  // The build cuts the fonts to FONT_WEIGHT_RANGE (apps/web/vite.config.ts): a weight outside
  // it would render as the nearest one kept, not as asked.
  it('asks for no font weight the bundled fonts no longer have', () => {
    const inRange = (weight: unknown) =>
      typeof weight !== 'number' ||
      (weight >= FONT_WEIGHT_RANGE.min && weight <= FONT_WEIGHT_RANGE.max);
    const { typography } = buildMuiTheme({ palette });
    const variants = Object.entries(typography).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'fontWeight' in value,
    );
    expect(variants.length).toBeGreaterThan(10);
    for (const [name, value] of variants)
      expect(inRange((value as { fontWeight: unknown }).fontWeight), name).toBe(true);
    const src = join(import.meta.dirname, '../..');
    const written = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        [...readFileSync(join(src, file), 'utf8').matchAll(/fontWeight:\s*(\d+)/g)].map(
          (match) => ({ file, weight: Number(match[1]) }),
        ),
      );
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter(({ weight }) => !inRange(weight))).toEqual([]);
  });

  it("maps the partner's palette onto the MUI palette", () => {
    const theme = buildMuiTheme({ palette });
    expect(theme.palette.primary.main).toBe('#123456');
    expect(theme.palette.secondary.main).toBe('#abcdef');
    expect(theme.palette.background).toMatchObject({ default: '#f0f0f0', paper: '#fafafa' });
    expect(theme.palette.text.primary).toBe('#101010');
  });

  it("rings a button's keyboard focus in its own text colour, inside its edge", () => {
    const root = buildMuiTheme({ palette }).components?.MuiButtonBase?.styleOverrides?.root;
    expect(root).toMatchObject({
      '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: -2 },
    });
  });

  it('paints the app bar in the navbar colour with readable text on it', () => {
    const light = buildMuiTheme({ palette }).components?.MuiAppBar?.styleOverrides?.root;
    expect(light).toMatchObject({ backgroundColor: '#ffffff', color: '#101010' });
    const dark = buildMuiTheme({ palette: { ...palette, navbar: '#0b3d91' } }).components?.MuiAppBar
      ?.styleOverrides?.root;
    expect(dark).toMatchObject({ backgroundColor: '#0b3d91', color: '#ffffff' });
  });

  it('writes a toggle button not chosen in the text colour, not in a grey under 4.5:1', () => {
    const root = buildMuiTheme({ palette }).components?.MuiToggleButton?.styleOverrides?.root;
    expect(root).toMatchObject({ color: '#101010' });
    expect(contrastRatio('#101010', palette.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("sets the theme's heading and body typefaces, with the system's behind them", () => {
    const theme = buildMuiTheme({
      palette,
      fonts: { heading: 'Lora Variable', body: 'Source Sans 3 Variable' },
    });
    expect(theme.typography.fontFamily).toMatch(/^"Source Sans 3 Variable", system-ui/);
    expect(theme.typography.h1.fontFamily).toMatch(/^"Lora Variable", system-ui/);
    expect(theme.typography.h6.fontFamily).toMatch(/^"Lora Variable"/);
    expect(theme.typography.body1.fontFamily).toMatch(/^"Source Sans 3 Variable"/);
  });

  it('uses the default pair for a theme that names none', () => {
    const theme = buildMuiTheme({ palette });
    expect(theme.typography.fontFamily).toMatch(/^"Inter Variable"/);
    expect(theme.typography.h4.fontFamily).toMatch(/^"Inter Variable"/);
  });

  it('keeps one case style: buttons and overlines are not upper-cased', () => {
    const theme = buildMuiTheme({ palette });
    expect(theme.typography.button.textTransform).toBe('none');
    expect(theme.typography.overline.textTransform).toBe('none');
  });

  // The demo partners' palettes are checked by the API's seed tests (the web does not import
  // the API); these are the baseline and palettes chosen to be awkward.
  const palettes = {
    baseline: baselineBranding.palette,
    'a pale brand': { ...palette, primary: '#f5a623', secondary: '#ffd400', text: '#777777' },
    'a mid-grey brand': { ...palette, primary: '#767676', secondary: '#777777' },
    'the fixture': palette,
  };

  it.each(Object.entries(palettes))(
    'gives every badge colour text at 4.5:1 or more (%s)',
    (_, colours) => {
      const theme = buildMuiTheme({ palette: colours });
      for (const name of badgeColourNames) {
        const { main, contrastText } = theme.palette[name];
        expect(
          contrastRatio(main, contrastText),
          `${name}: ${contrastText} on ${main}`,
        ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
      expect(theme.palette.primary.main).toBe(colours.primary);
      expect(theme.palette.warning.main).toBe(statusColours.warning);
    },
  );

  it("computes MUI's own text colours (filled alerts and toasts) to 4.5:1 too", () => {
    const theme = buildMuiTheme({ palette });
    // A filled warning toast was white on orange, 3.11:1.
    for (const name of badgeColourNames) {
      const main = theme.palette[name].main;
      const text = theme.palette.getContrastText(main);
      expect(contrastRatio(main, text), `${text} on ${main}`).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
    expect(theme.palette.getContrastText(statusColours.warning)).toBe('#101010');
  });
});
