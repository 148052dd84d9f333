import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate ("Do MMMM YYYY")', () => {
  it('writes English dates with an ordinal day', () => {
    expect(formatDate('2026-05-01', 'en')).toBe('1st May 2026');
    expect(formatDate('2026-05-22', 'en')).toBe('22nd May 2026');
    expect(formatDate('2026-05-13', 'en')).toBe('13th May 2026');
    expect(formatDate('2026-05-03T23:30:00.000Z', 'en')).toBe('3rd May 2026');
  });

  it('uses the language’s own long date elsewhere', () => {
    expect(formatDate('2026-05-01', 'fr')).toBe('1 mai 2026');
    expect(formatDate('2026-05-01', 'es')).toBe('1 de mayo de 2026');
  });
});
