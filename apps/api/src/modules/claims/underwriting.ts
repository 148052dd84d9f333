import {
  periodKey,
  type ClaimDatasetRow,
  type MonthRevenue,
  type PrefilledMonth,
} from '@tern/domain';

/**
 * The insurer's underwriting of a parametric claim (issue 28), in the API: the offer checks the
 * customer's revenue prediction against what their bank history leads to expect, and a
 * dispute is answered month by month on its evidence. Every changed month says why.
 */

/** How far above the bank-based expectation a predicted month is taken as it is. */
export const UNDERWRITING_TOLERANCE = 0.1;

/**
 * The offer: each month's predicted revenue, kept when it is within the tolerance of the
 * expectation (or when there is no history to check it against), else lowered to the
 * expectation plus the tolerance.
 */
export function offerFor(
  prediction: readonly MonthRevenue[],
  expected: readonly PrefilledMonth[] | null,
): ClaimDatasetRow[] {
  const expectedOf = new Map((expected ?? []).map((row) => [periodKey(row), row.revenue]));
  return prediction.map((row) => {
    const expectation = expectedOf.get(periodKey(row));
    const base = { year: row.year, month: row.month, previous: row.revenue };
    if (expectation === undefined)
      return { ...base, revenue: row.revenue, reason: 'kept' as const };
    const ceiling = Math.round(expectation * (1 + UNDERWRITING_TOLERANCE));
    return row.revenue > ceiling
      ? { ...base, revenue: ceiling, reason: 'above_history' as const, expected: expectation }
      : { ...base, revenue: row.revenue, reason: 'kept' as const, expected: expectation };
  });
}

/** What the customer's dispute holds for a month: notes, and how many of its files are clean. */
export interface DisputedMonth {
  year: number;
  month: number;
  notes: string;
  cleanFiles: number;
}

/**
 * The adjusted offer: a disputed month with a clean file takes the customer's predicted figure
 * on its evidence; with notes alone, the insurer meets them halfway; other months stay as
 * offered. `previous` is now the first offer.
 */
export function adjustedOffer(
  offer: readonly ClaimDatasetRow[],
  prediction: readonly MonthRevenue[],
  dispute: readonly DisputedMonth[],
): ClaimDatasetRow[] {
  const predicted = new Map(prediction.map((row) => [periodKey(row), row.revenue]));
  const disputed = new Map(dispute.map((row) => [periodKey(row), row]));
  return offer.map((row) => {
    const offered = row.revenue ?? 0;
    const claimed = predicted.get(periodKey(row)) ?? offered;
    const month = disputed.get(periodKey(row));
    const base = { year: row.year, month: row.month, previous: offered, expected: row.expected };
    if (!month || claimed <= offered) return { ...base, revenue: offered, reason: 'kept' as const };
    if (month.cleanFiles > 0)
      return { ...base, revenue: claimed, reason: 'evidence_accepted' as const };
    if (month.notes.trim() !== '')
      return {
        ...base,
        revenue: Math.round((offered + claimed) / 2),
        reason: 'notes_considered' as const,
      };
    return { ...base, revenue: offered, reason: 'kept' as const };
  });
}
