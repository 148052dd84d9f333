import type { FaqEntry } from '@tern/domain/content/schemas';

/** Lower case without accents: "Réservation" is found by "reservation". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The questions whose question or answer holds every word of `query`. */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = folded(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.includes(word));
  });
}
