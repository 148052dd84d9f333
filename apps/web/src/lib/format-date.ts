const ENGLISH_ORDINALS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/**
 * A date as spec 2 §9 shows it, "Do MMMM YYYY": 1st May 2026 in English, 1 de mayo de 2026 and
 * 1 mai 2026 in the others. Dates and date-times from the API are read in UTC so a date never
 * moves by a day.
 */
export function formatDate(iso: string, language: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  const format = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if (!language.startsWith('en')) return format.format(date);
  const part = (type: string) => format.formatToParts(date).find((p) => p.type === type)?.value;
  const day = date.getUTCDate();
  const suffix = ENGLISH_ORDINALS[new Intl.PluralRules('en', { type: 'ordinal' }).select(day)];
  return `${day}${suffix ?? 'th'} ${part('month') ?? ''} ${part('year') ?? ''}`;
}
