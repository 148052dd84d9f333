import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { mayResendPayment, type Payment, type PaymentStatus } from '@tern/domain/payouts/payments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { formatDateTimeUtc, formatMoney } from '@tern/domain/i18n/format';
import { supportLink } from '../accounts/index.ts';
import { payoutsPaths } from './paths.ts';
import { paymentsQuery } from './queries.ts';
import { ResendPaymentDialog } from './resend-payment-dialog.tsx';
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
 * failed and why). A failed one is no dead end: it can be sent again, once, to another
 * account, and support can be written to with its reference. It moves on by itself: the
 * API's live events refresh it.
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
        {payment.resentAt ? (
          <Typography variant="body2" color="text.secondary">
            {t('payments.resent', { time: formatDateTimeUtc(payment.resentAt) })}
          </Typography>
        ) : null}
        {payment.status === 'failed' ? <FailedPayment payment={payment} /> : null}
      </CardContent>
    </Card>
  );
}

/**
 * Why a payment failed and the ways on: another account (once, where it may be resent) and
 * support, the form started on this payment's reference.
 */
function FailedPayment({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payouts');
  const written = useCodedText();
  const [resending, setResending] = useState(false);
  const resendable = mayResendPayment(payment);
  const reference = payment.paymentId;
  return (
    <>
      <Alert
        severity="error"
        sx={{ '& .MuiAlert-message': { display: 'grid', gap: 1, width: '100%' } }}
      >
        {payment.failureText ? (
          <span>{t('payments.failed_because', { reason: written(payment.failureText) })}</span>
        ) : null}
        {payment.replacedAt ? (
          <span>{t('payments.replaced')}</span>
        ) : (
          <>
            <span>
              {t(resendable ? 'payments.failed_help' : 'payments.failed_help_support', {
                reference,
              })}
            </span>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {resendable ? (
                <Button variant="contained" size="small" onClick={() => setResending(true)}>
                  {t('payments.resend')}
                </Button>
              ) : null}
              <Button
                size="small"
                component={RouterLink}
                to={supportLink({
                  category: 'PAYOUT',
                  subject: t('payments.support_subject', { reference }),
                })}
              >
                {t('payments.contact_support')}
              </Button>
            </Box>
          </>
        )}
      </Alert>
      {resending ? (
        <ResendPaymentDialog payment={payment} onClose={() => setResending(false)} />
      ) : null}
    </>
  );
}
