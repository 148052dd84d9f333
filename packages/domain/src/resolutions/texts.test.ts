import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGUAGES } from '../constants.ts';
import { readTexts } from '../i18n/catalogue.ts';
import { codedText, freeText, renderCodedText } from '../i18n/coded-text.ts';
import { localeOfLanguage } from '../i18n/languages.ts';
import { RESOLUTION_TEXT_KEYS } from './texts.ts';

/** Values every key may name, so each renders whole. */
const VALUES = {
  flight: 'AC856',
  embarkDate: '2026-12-01',
  km: 2.5,
  minutes: 20,
  breakfastTime: '05:30',
  hotel: 'Toronto Airport Hotel',
  checkIn: '15:00',
  level: 3,
  gate: 'B12',
  row: 'C',
  pir: 'YYZAC12345',
  hours: 12,
  limit: 1519,
};

describe('the texts Tern and its providers write by key (issue 25 item 5.13)', () => {
  for (const language of TRANSLATION_LANGUAGES)
    it(`writes each in ${language}, with every value it names, one guest or several`, () => {
      const texts = readTexts(language) as Record<string, unknown>;
      const locale = localeOfLanguage(language);
      const english = readTexts('en') as Record<string, unknown>;
      for (const key of Object.values(RESOLUTION_TEXT_KEYS))
        for (const count of [1, 3]) {
          const written = renderCodedText(texts, codedText(key, { ...VALUES, count }), locale);
          expect(written, `${key} in ${language}`).toBeTruthy();
          expect(written).not.toMatch(/\{\{/);
          // A real translation, not the English sentence copied.
          if (language !== 'en')
            expect(written).not.toBe(
              renderCodedText(english, codedText(key, { ...VALUES, count }), 'en'),
            );
        }
    });

  it('writes numbers in the reader’s format and picks the plural by count', () => {
    const key = RESOLUTION_TEXT_KEYS.hotelShuttleEarly;
    expect(renderCodedText(readTexts('fr'), codedText(key, { ...VALUES }), 'fr')).toContain(
      '2,5 km',
    );
    const booked = (count: number) =>
      renderCodedText(
        readTexts('en'),
        codedText(RESOLUTION_TEXT_KEYS.hotelBooked, { ...VALUES, count }),
        'en',
      );
    expect(booked(1)).toContain('Room for 1 guest at');
    expect(booked(2)).toContain('Room for 2 guests at');
  });

  it('shows a free text as given, and nothing for a key the texts lack', () => {
    expect(renderCodedText(readTexts('de'), freeText('Gate 7'), 'de')).toBe('Gate 7');
    expect(renderCodedText(readTexts('de'), codedText('resolutions:texts.nope'), 'de')).toBeNull();
  });
});
