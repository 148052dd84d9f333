import { describe, expect, it } from 'vitest';
import { baselineBranding } from './config.ts';
import {
  badgeColourNames,
  badgeColours,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  textColourOn,
} from './contrast.ts';

describe('contrast (WCAG 2.2)', () => {
  it('measures as WCAG does: black on white 21:1, a colour on itself 1:1, white on the old orange badge 3.11:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ed6c02', '#ed6c02')).toBe(1);
    expect(contrastRatio('#ffffff', '#ed6c02')).toBeCloseTo(3.11, 2);
    // What axe measured on a toast caught mid-fade (4.45 in its report): just short of AA.
    expect(contrastRatio('#f6faf6', '#37833b')).toBeGreaterThan(4.45);
    expect(contrastRatio('#f6faf6', '#37833b')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio('rgba(255, 255, 255, 0.87)', 'rgb(0, 0, 0)')).toBeCloseTo(21, 5);
  });

  it('puts white on a dark colour, the partner text colour on a light one, black when that is too pale', () => {
    expect(textColourOn('#0b4f8a', '#14213d')).toBe('#ffffff');
    expect(textColourOn('#ed6c02', '#14213d')).toBe('#14213d');
    expect(textColourOn('#ed6c02', '#666666')).toBe('#000000');
    expect(textColourOn('#ed6c02')).toBe('#000000');
  });

  it('reads at 4.5:1 on any background, whatever the partner text colour', () => {
    const steps = [0, 0x22, 0x44, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xcc, 0xee, 0xff];
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const background = `#${hex(r)}${hex(g)}${hex(b)}`;
          for (const dark of ['#1a1a1a', '#777777', '#ffffff']) {
            const ratio = contrastRatio(background, textColourOn(background, dark));
            expect(ratio, `${background} with ${dark}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
          }
        }
  });

  it('gives every badge colour of the baseline theme text at 4.5:1 or more', () => {
    const colours = badgeColours(baselineBranding.palette);
    expect(Object.keys(colours).sort()).toEqual([...badgeColourNames].sort());
    for (const name of badgeColourNames) {
      const { main, contrastText } = colours[name];
      expect(contrastRatio(main, contrastText), name).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    expect(colours.primary.main).toBe(baselineBranding.palette.primary);
    expect(colours.warning).toEqual({ main: '#ed6c02', contrastText: '#1a1a1a' });
  });
});
