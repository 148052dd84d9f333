import { describe, expect, it } from 'vitest';
import { searchFaq } from './faq-search.ts';

const entries = [
  { id: '01', topic: 'Delays', question: 'What if my flight is late?', answer: 'A lounge pass.' },
  { id: '02', topic: 'Hotel', question: 'Où dormir ?', answer: 'Une chambre d’hôtel réservée.' },
];

describe('searchFaq', () => {
  it('finds words in the question or the answer, whatever their case or accents', () => {
    expect(searchFaq(entries, 'LOUNGE').map((e) => e.id)).toEqual(['01']);
    expect(searchFaq(entries, 'hotel reservee').map((e) => e.id)).toEqual(['02']);
    expect(searchFaq(entries, 'flight  late').map((e) => e.id)).toEqual(['01']);
  });

  it('needs every word, and shows everything for an empty search', () => {
    expect(searchFaq(entries, 'lounge hotel')).toEqual([]);
    expect(searchFaq(entries, '   ')).toHaveLength(2);
  });
});
