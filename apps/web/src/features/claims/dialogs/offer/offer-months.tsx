import Box from '@mui/material/Box';
import { isOfferNote } from '@tern/domain/claims/rules';
import Typography from '@mui/material/Typography';
import { periodKey } from '@tern/domain/claims/rules';
import type { ClaimDatasetRow, ItemAlert } from '@tern/domain/claims/schemas';
import { CLAIM_DATASETS } from '@tern/domain/constants';
import { formatMoney } from '@tern/domain/i18n/format';
import { useTranslation } from 'react-i18next';
import { claimPeriods, datasetOf, periodLabel, rowsByPeriod } from '../claim-periods.ts';

/** Why a month's offer differs from the figure it answers, in the customer's language. */
function useReasonText(currency: string) {
  const { t, i18n } = useTranslation('claims');
  return (row: ClaimDatasetRow): string | null => {
    if ((row.revenue ?? null) === (row.previous ?? null)) return null;
    switch (row.reason) {
      case 'above_history':
        return t('offer.reasons.above_history', {
          expected: formatMoney(row.expected ?? row.revenue ?? 0, currency, i18n.language),
        });
      case 'evidence_accepted':
        return t('offer.reasons.evidence_accepted');
      case 'notes_considered':
        return t('offer.reasons.notes_considered');
      case 'kept':
      case undefined:
        return t('offer.reasons.changed');
    }
  };
}

/**
 * The offer month by month (CUSTOMER-OFFER): the figure it answers (`previous`: the
 * customer's prediction, or for an adjusted offer the first offer) and the offer, with why
 * each changed month changed, then the totals and the insurer's note. A list, not a table:
 * the explanations read on a phone without scrolling sideways.
 */
export function OfferMonths({
  claim,
  previousLabel,
  offerLabel,
}: {
  claim: ItemAlert;
  previousLabel: string;
  offerLabel: string;
}) {
  const { t, i18n } = useTranslation('claims');
  const currency = claim.data.currency;
  const reasonText = useReasonText(currency);
  const offer = datasetOf(claim, CLAIM_DATASETS.offer);
  const rows = rowsByPeriod(offer);
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? '---' : formatMoney(value, currency, i18n.language);
  const months = claimPeriods(claim).flatMap((period) => {
    const row = rows.get(periodKey(period));
    return row ? [{ period, row }] : [];
  });
  const total = (pick: (row: ClaimDatasetRow) => number | null | undefined) =>
    months.reduce((sum, { row }) => sum + (pick(row) ?? 0), 0);

  const figures = (previous: string, offered: string) => (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        '& dd': { m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      }}
    >
      <dt>{previousLabel}</dt>
      <dd>{previous}</dd>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {offerLabel}
      </Box>
      <Box component="dd" sx={{ fontWeight: 600 }}>
        {offered}
      </Box>
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {months.map(({ period, row }) => {
          const why = reasonText(row);
          return (
            <Box
              component="li"
              key={periodKey(period)}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 1.5,
                display: 'grid',
                gap: 0.5,
              }}
            >
              <Typography component="h3" variant="subtitle2">
                {periodLabel(period, i18n.language)}
              </Typography>
              {figures(money(row.previous), money(row.revenue))}
              {why ? (
                <Typography variant="body2" color="text.secondary">
                  {why}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Box>
      <Box sx={{ px: 1.5 }}>
        <Typography component="h3" variant="subtitle2">
          {t('offer.total')}
        </Typography>
        {figures(money(total((row) => row.previous)), money(total((row) => row.revenue)))}
      </Box>
      {offer?.notes ? (
        <Box>
          <Typography component="h3" variant="subtitle2">
            {t('offer.insurer_note')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>
            {/* Tern's underwriter writes a note the portal words; an insurer's own is shown as written. */}
            {isOfferNote(offer.notes) ? t(`offer.notes.${offer.notes}`) : offer.notes}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
