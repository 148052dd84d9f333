import { alertPeriods, periodKey, type ClaimPeriod } from '@tern/domain/claims/rules';
import type { ClaimDataset, ClaimDatasetRow, ItemAlert } from '@tern/domain/claims/schemas';
import { localeOfLanguage } from '@tern/domain/i18n/languages';

/** The claim's dataset of that name, when the insurer or the customer has made it. */
export const datasetOf = (claim: ItemAlert, name: ClaimDataset['name']): ClaimDataset | undefined =>
  claim.datasets.find((dataset) => dataset.name === name);

/** A dataset's rows by `YYYY-MM`, to read them beside the claim's periods. */
export const rowsByPeriod = (dataset: ClaimDataset | undefined): Map<string, ClaimDatasetRow> =>
  new Map((dataset?.data ?? []).map((row) => [periodKey(row), row]));

/** The periods of the claim's alert month split (spec 2 §9), first to last. */
export const claimPeriods = (claim: Pick<ItemAlert, 'alertDate'>): ClaimPeriod[] =>
  alertPeriods(claim.alertDate);

const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/**
 * A period as the customer reads it, in their language: the month ("March 2026"), or for a
 * partial first or last period its days ("15–31 March 2026"), so the figure asked for is
 * plainly only for those days. Written by Intl: no text of ours to translate.
 */
export function periodLabel(
  period: Pick<ClaimPeriod, 'start' | 'end' | 'share'>,
  language: string,
) {
  const locale = localeOfLanguage(language);
  if (period.share >= 1)
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(utc(period.start));
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(utc(period.start), utc(period.end));
}

/** A payout row's period, from its first to its last day, short ("1–31 Mar 2026"). */
export function periodRange(start: string, end: string, language: string) {
  return new Intl.DateTimeFormat(localeOfLanguage(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(utc(start), utc(end));
}
