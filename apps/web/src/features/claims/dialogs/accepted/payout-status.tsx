import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ClaimPayout } from '@tern/domain/claims/schemas';
import { useTranslation } from 'react-i18next';

/** Where a sent month's payment stands, as the customer reads it. */
const PAYMENT_STATES = {
  requested: 'sending',
  sent: 'sending',
  settled: 'paid',
  failed: 'failed',
} as const;

/**
 * A payout row's status (spec 2 §4.9): its name; for SENT where the payment stands (sending,
 * paid, failed); for PAYMENT-DETAILS the button to enter the details.
 */
export function PayoutStatus({
  payout,
  onEnterDetails,
}: {
  payout: ClaimPayout;
  onEnterDetails: () => void;
}) {
  const { t } = useTranslation('claims');
  if (payout.status === 'PAYMENT-DETAILS')
    return (
      <Button
        size="small"
        variant="contained"
        onClick={onEnterDetails}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('payouts.enter_details')}
      </Button>
    );
  const payment =
    payout.status === 'SENT' && payout.payment ? PAYMENT_STATES[payout.payment.status] : null;
  return (
    <>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {t(`payouts.statuses.${payout.status}`)}
      </Typography>
      {payment ? (
        <Typography
          variant="body2"
          component="span"
          sx={{ display: 'block', color: payment === 'failed' ? 'error.main' : 'text.secondary' }}
        >
          {t(`payouts.payment.${payment}`)}
        </Typography>
      ) : null}
    </>
  );
}
