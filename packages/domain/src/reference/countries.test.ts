import { describe, expect, it } from 'vitest';
import { countryNameLanguages, countryNames, nationalities } from './countries.ts';

describe('country names and nationalities', () => {
  it('names every country in each of the seven languages', () => {
    const germany = Object.fromEntries(
      countryNameLanguages.map((l) => [l, countryNames(l).find((c) => c.code === 'DE')?.name]),
    );
    expect(germany).toEqual({
      en: 'Germany',
      es: 'Alemania',
      fr: 'Allemagne',
      de: 'Deutschland',
      it: 'Germania',
      pt: 'Alemanha',
      tr: 'Almanya',
    });
    for (const language of countryNameLanguages)
      expect(countryNames(language).length).toBeGreaterThanOrEqual(249);
  });

  it('sorts names as the language reads them', () => {
    const fr = countryNames('fr').map((c) => c.name);
    expect(fr.indexOf('Égypte')).toBeLessThan(fr.indexOf('Espagne'));
    expect(fr.indexOf('Égypte')).toBeGreaterThan(fr.indexOf('Dominique'));
  });

  it('lists about two hundred nationalities in EN, ES and FR, the same countries in each', () => {
    const codes = (l: 'en' | 'es' | 'fr') =>
      nationalities(l)
        .map((n) => n.code)
        .sort();
    expect(codes('en').length).toBeGreaterThanOrEqual(190);
    expect(codes('es')).toEqual(codes('en'));
    expect(codes('fr')).toEqual(codes('en'));
    expect(nationalities('en').find((n) => n.code === 'CA')?.name).toBe('Canadian');
    expect(nationalities('fr').find((n) => n.code === 'CA')?.name).toBe('Canadien');
    expect(nationalities('es').find((n) => n.code === 'MX')?.name).toMatch(/^Mexican/);
  });
});
