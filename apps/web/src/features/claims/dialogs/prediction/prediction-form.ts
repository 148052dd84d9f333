import { CLAIM_DATASETS } from '@tern/domain/constants';
import { periodKey, type ClaimPeriod } from '@tern/domain/claims/rules';
import { REVENUE_MAX, type PredictionPatch } from '@tern/domain/claims/requests';
import type { ClaimDatasetRow, ItemAlert } from '@tern/domain/claims/schemas';
import { addRuleIssue } from '@tern/domain/rules/message';
import { z } from 'zod';
import { amountText, checkRevenue, toMinorUnits } from '../claim-money.ts';
import { datasetOf, rowsByPeriod } from '../claim-periods.ts';

/**
 * The revenue prediction's form (spec 2 §5 "Revenue prediction"): one amount per period of
 * the alert month split, each required and a number, comma or dot as the decimal separator,
 * in the claim's currency — the API's own bounds (`predictionPatchSchema`).
 */
export const predictionFormSchema = (currency: string) =>
  z.object({
    periods: z.array(
      z.object({
        amount: z
          .string({ error: 'validation.required' })
          .superRefine((value, ctx) =>
            addRuleIssue(ctx, checkRevenue(value, currency, REVENUE_MAX)),
          ),
      }),
    ),
  });
export type PredictionFormValues = z.infer<ReturnType<typeof predictionFormSchema>>;

/** One period of the form: the period, and the figure it starts from (a draft or the bank's). */
export interface PredictionPeriod {
  period: ClaimPeriod;
  /** The prediction dataset's figure for it (minor units), if any. */
  revenue: number | undefined;
  /** How the figure was worked out from the bank history, when it was. */
  basis: ClaimDatasetRow['basis'];
}

/** The claim's periods beside the prediction dataset's rows (a draft or the bank's prefill). */
export function predictionPeriods(claim: ItemAlert, periods: readonly ClaimPeriod[]) {
  const rows = rowsByPeriod(datasetOf(claim, CLAIM_DATASETS.prediction));
  return periods.map<PredictionPeriod>((period) => {
    const row = rows.get(periodKey(period));
    const revenue = row?.revenue ?? undefined;
    return { period, revenue, basis: revenue === undefined ? undefined : row?.basis };
  });
}

/** The form's first values: each row's figure as the customer's language writes it, else empty. */
export const predictionDefaults = (
  periods: readonly PredictionPeriod[],
  currency: string,
  language: string,
): PredictionFormValues => ({
  periods: periods.map(({ revenue }) => ({
    amount: revenue === undefined ? '' : amountText(revenue, currency, language),
  })),
});

/** What the API takes: each period's figure in minor units, submitted for the offer. */
export function predictionPatch(
  periods: readonly PredictionPeriod[],
  values: PredictionFormValues,
  currency: string,
): PredictionPatch {
  return {
    data: periods.map(({ period }, index) => ({
      year: period.year,
      month: period.month,
      // Checked by the form's schema: a number with the currency's decimals.
      revenue: toMinorUnits(values.periods[index]?.amount ?? '', currency) ?? 0,
    })),
    completed: true,
  };
}

/**
 * The form field an API error names: `data.2.revenue` (or `data.2`) is the third period's
 * amount; undefined for anything else.
 */
export const fieldOfApiPath = (path: string): `periods.${number}.amount` | undefined => {
  const match = /^data\.(\d+)(\.revenue)?$/.exec(path);
  return match ? `periods.${Number(match[1])}.amount` : undefined;
};
