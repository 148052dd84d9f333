// Zod-free: the portal's claim cards and dialogs and the API's claims service share these.
import { ALERT_MONTHS_OFFERED, CLAIM_DATASETS, CLAIM_PROGRESS_STEPS } from '../constants.ts';

/**
 * The rules of a parametric claim (spec 2 §4.9, §9): how the weeks after an alert split into
 * the months a prediction is asked for, what status a claim shows and which action it offers,
 * and the payout arithmetic. Money is integer minor units throughout.
 */

// ── The alert month split (spec 2 §9) ──────────────────────────────────────────────────

/** One period of a claim: a calendar month, or the part of one the cover runs in. */
export interface ClaimPeriod {
  year: number;
  /** 1–12. */
  month: number;
  /** First and last day, YYYY-MM-DD (UTC). */
  start: string;
  end: string;
  days: number;
  /** The days of the month it covers, of all of them (1 for a whole month). */
  share: number;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The periods of a claim from its alert date (UTC): the first from the alert's day to the
 * month's end, then whole months, `months` in all, then — when the alert was not on the 1st —
 * the days 1 to the alert's day − 1 of the month after, so the cover runs `months` months.
 */
export function alertPeriods(alertDate: string, months = ALERT_MONTHS_OFFERED): ClaimPeriod[] {
  const at = new Date(alertDate);
  const day = at.getUTCDate();
  const periods: ClaimPeriod[] = [];
  for (let index = 0; index <= months; index++) {
    const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + index, 1));
    const year = first.getUTCFullYear();
    const month = first.getUTCMonth() + 1;
    const total = daysIn(year, month);
    const from = index === 0 ? day : 1;
    const to = index === months ? day - 1 : total;
    if (to < from) continue;
    const start = new Date(Date.UTC(year, month - 1, from));
    const end = new Date(Date.UTC(year, month - 1, to));
    periods.push({
      year,
      month,
      start: iso(start),
      end: iso(end),
      days: to - from + 1,
      share: (to - from + 1) / total,
    });
  }
  return periods;
}

/** The day after a period ends (UTC midnight): when its actual revenue can be known. */
export const periodClosesAt = (period: Pick<ClaimPeriod, 'end'>): Date =>
  new Date(Date.parse(`${period.end}T00:00:00Z`) + 24 * 60 * 60 * 1000);

/** `YYYY-MM` of a period or row, to match rows of different datasets. */
export const periodKey = (row: { year: number; month: number }): string =>
  `${row.year}-${String(row.month).padStart(2, '0')}`;

// ── Status, actions and progress (spec 2 §4.9) ─────────────────────────────────────────

/** What the displayed-status rules read of a claim. */
export interface ClaimState {
  status: string;
  completed: boolean;
  confirmed: boolean;
  datasets: readonly { name: string; completed: boolean }[];
}

const dataset = (claim: ClaimState, name: string) => claim.datasets.find((d) => d.name === name);

/**
 * The status a claim shows, as a key of the claims texts' `statuses`: `rejected`, `completed`,
 * `dispute` (offer rejected, the customer's dispute under review or answered), `prediction_missing`,
 * `waiting_for_info`, else the claim's own status (shown through its status label).
 */
export function displayedStatus(claim: ClaimState): string {
  if (claim.completed)
    return claim.status === 'OFFER-REJECTED' || claim.status === 'USER-CONFIRM-DISPUTE'
      ? 'rejected'
      : 'completed';
  if (claim.status === 'USER-CONFIRM-DISPUTE') return 'dispute';
  if (!dataset(claim, CLAIM_DATASETS.prediction)?.completed) return 'prediction_missing';
  if (!dataset(claim, CLAIM_DATASETS.offer)?.completed) return 'waiting_for_info';
  return claim.status;
}

export type ClaimAction = 'prediction' | 'review-offer' | 'adjusted-offer' | 'accepted';

/**
 * The one action a claim offers its customer, or null while it waits on the insurer: the
 * prediction while it is missing, the offer to review, the adjusted offer (once the insurer
 * has answered the dispute), the accepted view with the payouts.
 */
export function claimAction(claim: ClaimState): ClaimAction | null {
  if (claim.confirmed || claim.status === 'OFFER-ACCEPTED') return 'accepted';
  if (claim.completed) return null;
  const offerReady = dataset(claim, CLAIM_DATASETS.offer)?.completed === true;
  if (claim.status === 'prediction')
    return dataset(claim, CLAIM_DATASETS.prediction)?.completed ? null : 'prediction';
  if (claim.status === 'USER-CONFIRM-OFFER') return offerReady ? 'review-offer' : null;
  if (claim.status === 'USER-CONFIRM-DISPUTE') return offerReady ? 'adjusted-offer' : null;
  return null;
}

/**
 * The three steps of a claim: the prediction submitted; the offer sent (or, after a dispute,
 * the dispute sent); the offer accepted or rejected, which completes it.
 */
export function claimProgress(claim: ClaimState): { done: number; remaining: number } {
  const steps = [
    dataset(claim, CLAIM_DATASETS.prediction)?.completed === true,
    dataset(claim, CLAIM_DATASETS.offer)?.completed === true ||
      dataset(claim, CLAIM_DATASETS.dispute) !== undefined,
    claim.confirmed || claim.completed,
  ];
  const done = steps.filter(Boolean).length;
  return { done, remaining: CLAIM_PROGRESS_STEPS - done };
}

// ── Payout arithmetic (spec 2 §9) ──────────────────────────────────────────────────────

/** Payout rows that count zero in the payable total: not closed, or not yet confirmed. */
export const UNSETTLED_PAYOUT_STATUSES = ['FUTURE', 'CONFIRM'] as const;

/**
 * The profit lost in a month: −(predicted − actual) × margin / 100 when that is negative,
 * else 0; 0 too when the actual revenue is negative (spec 2 §9). Minor units, rounded.
 */
export function profitLoss(predicted: number, actual: number, marginPercent: number): number {
  if (actual < 0) return 0;
  const loss = Math.round(((predicted - actual) * marginPercent) / 100);
  return loss > 0 ? -loss : 0;
}

/** What a payout row needs to be worked out. */
export interface PayoutFigures {
  status: string;
  predictedRevenue: number | null;
  actualRevenue: number | null;
  profitMargin: number;
}

/**
 * Each row's excess and amount payable, in month order: the retention comes off the first
 * losses until it is used up, and the total paid stops at the applicable limit. Rows still
 * FUTURE or CONFIRM pay nothing yet and take none of the retention.
 */
export function payoutAmounts(
  rows: readonly PayoutFigures[],
  terms: { retention: number; applicableLimit: number },
): { excess: number; amountPayable: number }[] {
  let retentionLeft = terms.retention;
  let limitLeft = terms.applicableLimit;
  return rows.map((row) => {
    if (
      (UNSETTLED_PAYOUT_STATUSES as readonly string[]).includes(row.status) ||
      row.predictedRevenue === null ||
      row.actualRevenue === null
    )
      return { excess: 0, amountPayable: 0 };
    const loss = 0 - profitLoss(row.predictedRevenue, row.actualRevenue, row.profitMargin);
    const excess = Math.min(loss, retentionLeft);
    retentionLeft -= excess;
    const amountPayable = Math.min(loss - excess, limitLeft);
    limitLeft -= amountPayable;
    return { excess, amountPayable };
  });
}

/** The payable total: FUTURE and CONFIRM rows count zero. */
export const payableTotal = (
  rows: readonly { status: string; amountPayable: number | null }[],
): number =>
  rows.reduce(
    (sum, row) =>
      (UNSETTLED_PAYOUT_STATUSES as readonly string[]).includes(row.status)
        ? sum
        : sum + (row.amountPayable ?? 0),
    0,
  );

// ── The prediction's starting point (issue 28) ─────────────────────────────────────────

/** A month of revenue the bank reported (minor units). */
export interface MonthRevenue {
  year: number;
  month: number;
  revenue: number;
}

/** How a prefilled month was worked out, shown beside it. */
export interface PrefilledMonth extends MonthRevenue {
  /** The same month a year before, as the bank reported it (whole month). */
  lastYear: number;
  /** The last 3 months against the same 3 a year before (1 = flat). */
  trend: number;
  /** The part of the month the period covers. */
  share: number;
}

const monthsBefore = (year: number, month: number, count: number) => {
  const at = new Date(Date.UTC(year, month - 1 - count, 1));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 };
};

/**
 * The revenue each period would have had without the event: the same month last year × the
 * trend of the last 3 closed months before the alert (against the same months a year before),
 * times the share of the month the period covers. Null when the history lacks a month it needs.
 */
export function expectedRevenue(
  history: readonly MonthRevenue[],
  periods: readonly ClaimPeriod[],
  alertDate: string,
): PrefilledMonth[] | null {
  const at = new Date(alertDate);
  const byKey = new Map(history.map((row) => [periodKey(row), row.revenue]));
  const revenueOf = (key: { year: number; month: number }) => byKey.get(periodKey(key));
  let recent = 0;
  let yearBefore = 0;
  for (let back = 1; back <= 3; back++) {
    const month = monthsBefore(at.getUTCFullYear(), at.getUTCMonth() + 1, back);
    const now = revenueOf(month);
    const then = revenueOf({ year: month.year - 1, month: month.month });
    if (now === undefined || then === undefined) return null;
    recent += now;
    yearBefore += then;
  }
  const trend = yearBefore > 0 ? recent / yearBefore : 1;
  const rows: PrefilledMonth[] = [];
  for (const period of periods) {
    const lastYear = revenueOf({ year: period.year - 1, month: period.month });
    if (lastYear === undefined) return null;
    rows.push({
      year: period.year,
      month: period.month,
      revenue: Math.round(lastYear * trend * period.share),
      lastYear,
      trend: Math.round(trend * 1000) / 1000,
      share: period.share,
    });
  }
  return rows;
}

// ── The underwriter's notes ────────────────────────────────────────────────────────────

/**
 * The notes Tern's own underwriter puts on an offer, as codes the portal words in the reader's
 * language: checked against the bank history, no history to check against, adjusted after
 * the customer's dispute. Any other note (an insurer's own) is shown as written.
 */
export const OFFER_NOTES = [
  'checked_against_history',
  'no_history',
  'adjusted_after_review',
] as const;
export type OfferNote = (typeof OFFER_NOTES)[number];
export const isOfferNote = (notes: string): notes is OfferNote =>
  (OFFER_NOTES as readonly string[]).includes(notes);
