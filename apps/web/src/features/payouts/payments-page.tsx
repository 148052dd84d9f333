import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Payment, PaymentStatus } from '@tern/domain/payouts/payments';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { formatDateTimeUtc, formatMoney } from '../../lib/format.ts';
import { payoutsPaths } from './paths.ts';
import { paymentsQuery } from './queries.ts';
import { useCodedText } from '../../lib/coded-text.ts';

const STATUS_COLOURS: Record<PaymentStatus, ChipProps['color']> = {
  requested: 'default',
  sent: 'info',
  settled: 'success',
  failed: 'error',
};

/** When a payment reached its status. */
const timeOf = (payment: Payment): string =>
  ({
    requested: payment.requestedAt,
    sent: payment.sentAt,
    settled: payment.settledAt,
    failed: payment.failedAt,
  })[payment.status] ?? payment.requestedAt;

/**
 * `/payments`: the money sent to the user, newest first: the amount, why, to which method
 * (masked), and where it is (requested, sent with the provider's reference, settled, or
 * failed and why). It moves on by itself: the API's live events refresh it.
 */
export default function PaymentsPage() {
  const { t } = useTranslation('payouts');
  const payments = useQuery(paymentsQuery(useDatasetContext()));
  const list = payments.data ?? [];
  return (
    <Page title={t('payments.title')} lead={t('payments.lead')} testId="payments">
      <LoadState
        loaded={payments.data !== undefined}
        failed={payments.isError}
        onRetry={() => void payments.refetch()}
      >
        {list.length === 0 ? (
          <Typography>{t('payments.empty')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('payments.list')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
          >
            {list.map((payment) => (
              <PaymentCard key={payment.paymentId} payment={payment} />
            ))}
          </Box>
        )}
      </LoadState>
      <Typography sx={{ mt: 4 }}>
        <Link component={RouterLink} to={payoutsPaths.methods}>
          {t('payments.see_methods')}
        </Link>
      </Typography>
    </Page>
  );
}

function PaymentCard({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation('payouts');
  // Tern's own reasons (a resolution's cash) in the reader's language; a partner's as given.
  const written = useCodedText();
  const method = payment.method;
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {formatMoney(payment.amount, payment.currency, i18n.language)}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLOURS[payment.status]}
            label={t(`payments.status.${payment.status}`)}
          />
        </Box>
        <Typography>{payment.reasonText ? written(payment.reasonText) : payment.reason}</Typography>
        <Typography color="text.secondary">
          {method
            ? t('payments.to', {
                description: method.description,
                account: method.iban ?? method.accountNumber ?? '',
              })
            : t('payments.method_removed')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`payments.when.${payment.status}`, { time: formatDateTimeUtc(timeOf(payment)) })}
          {payment.providerReference
            ? ` · ${t('payments.reference', { reference: payment.providerReference })}`
            : ''}
        </Typography>
        {payment.status === 'failed' && payment.failureReason ? (
          <Alert severity="error">
            {t('payments.failed_because', { reason: payment.failureReason })}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
