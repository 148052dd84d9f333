/**
 * What WorldTracer (SITA/IATA's lost-bag tracing system) writes, as the airline's desk gives it
 * to the passenger: the file reference (PIR), the bag tag number, and the bag's colour and type
 * codes. Zod-free: the report form and the API check the same.
 */

/**
 * A file reference: the 3-letter station (IATA airport code) that opened the file, the
 * 2-character airline code, 5 digits: `YYZAC12345`.
 */
export const PIR_PATTERN = /^[A-Z]{3}[A-Z0-9]{2}\d{5}$/;
/** A bag tag's licence plate: 10 digits (the issuing airline's 3-digit code, then 6 digits, after a leading 0 or 1). */
export const BAG_TAG_PATTERN = /^\d{10}$/;

/** Colour codes of the IATA baggage identification chart, as WorldTracer takes them. */
export const BAG_COLOURS = [
  'WT', // white
  'BK', // black
  'GY', // grey
  'BU', // blue
  'RD', // red
  'YW', // yellow
  'BE', // beige
  'BN', // brown
  'GN', // green
  'PU', // purple, pink
  'MC', // several colours
  'TD', // transparent
] as const;
export type BagColour = (typeof BAG_COLOURS)[number];

/** Type codes of the chart, the common ones (the report form offers these). */
export const BAG_TYPES = [
  '01', // hard-shell suitcase, horizontal
  '02', // hard-shell suitcase, upright
  '03', // soft suitcase, horizontal
  '22', // soft suitcase, upright
  '25', // duffel or sports bag
  '27', // expandable upright
  '29', // backpack, rucksack
  '50', // golf bag
  '99', // other
] as const;
export type BagType = (typeof BAG_TYPES)[number];

/** The station (airport) and airline of a valid PIR. */
export const pirParts = (pir: string) => ({
  station: pir.slice(0, 3),
  airline: pir.slice(3, 5),
});

/** PIRs and tags are written upper-case and without spaces. */
export const normaliseBagReference = (value: string): string =>
  value.replace(/\s+/g, '').toUpperCase();

export const checkPir = (value: string | null | undefined): string | null => {
  const text = normaliseBagReference(value ?? '');
  if (!text) return 'validation.required';
  return PIR_PATTERN.test(text) ? null : 'validation.invalid_pir';
};

export const checkBagTag = (value: string | null | undefined): string | null => {
  const text = normaliseBagReference(value ?? '');
  if (!text) return 'validation.required';
  return BAG_TAG_PATTERN.test(text) ? null : 'validation.invalid_bag_tag';
};
