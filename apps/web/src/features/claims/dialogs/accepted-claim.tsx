import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { periodKey } from '@tern/domain/claims/rules';
import type { ClaimPayout, ItemAlert } from '@tern/domain/claims/schemas';
import { CLAIM_DATASETS } from '@tern/domain/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayoutsTable } from './accepted/payouts-table.tsx';
import { claimPeriods, datasetOf, periodLabel, rowsByPeriod } from './claim-periods.ts';
import { FiguresTable } from './figures-table.tsx';
import PaymentDetailsDialog from './payment-details/payment-details-dialog.tsx';

export interface AcceptedClaimProps {
  claim: ItemAlert;
}

const TABS = ['prediction', 'payouts'] as const;
type TabName = (typeof TABS)[number];

/**
 * An accepted claim (spec 2 §2.6): two tabs, the customer's prediction beside the figures
 * agreed, and the payouts month by month — shown first, as that is what the customer comes
 * back for. A month ready to pay opens the payment details form.
 */
export default function AcceptedClaim({ claim }: AcceptedClaimProps) {
  const { t, i18n } = useTranslation('claims');
  const id = useId();
  const [tab, setTab] = useState<TabName>('payouts');
  const [paying, setPaying] = useState<ClaimPayout | null>(null);
  const prediction = rowsByPeriod(datasetOf(claim, CLAIM_DATASETS.prediction));
  const offer = rowsByPeriod(datasetOf(claim, CLAIM_DATASETS.offer));
  const rows = claimPeriods(claim).map((period) => ({
    key: periodKey(period),
    label: periodLabel(period, i18n.language),
    values: [
      prediction.get(periodKey(period))?.revenue ?? null,
      offer.get(periodKey(period))?.revenue ?? null,
    ],
  }));

  return (
    <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
      <Tabs
        value={tab}
        onChange={(_event, next: TabName) => setTab(next)}
        aria-label={t('payouts.tabs.label', { claim: claim.claimNumber })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`payouts.tabs.${name}`)}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel-${name}`}
          />
        ))}
      </Tabs>
      {TABS.map((name) => (
        <Box
          key={name}
          role="tabpanel"
          id={`${id}-panel-${name}`}
          aria-labelledby={`${id}-tab-${name}`}
          hidden={tab !== name}
          sx={{ minWidth: 0 }}
        >
          {tab !== name ? null : name === 'payouts' ? (
            <PayoutsTable claim={claim} onEnterDetails={setPaying} />
          ) : (
            <FiguresTable
              label={t('payouts.prediction_table')}
              periodHeader={t('payouts.period')}
              headers={[t('payouts.your_prediction'), t('payouts.agreed')]}
              rows={rows}
              currency={claim.data.currency}
              totalLabel={t('payouts.total')}
            />
          )}
        </Box>
      ))}
      {paying ? (
        <PaymentDetailsDialog claim={claim} payout={paying} onClose={() => setPaying(null)} />
      ) : null}
    </Box>
  );
}
