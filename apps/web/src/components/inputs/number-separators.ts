/** The grouping and decimal characters of a language, e.g. ',' and '.' for en, ' ' and ',' for fr. */
export function numberSeparators(language: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(language).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}
