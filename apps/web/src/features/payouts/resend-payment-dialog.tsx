import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import { paymentResendSchema, type Payment } from '@tern/domain/payouts/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { RadioGroupInput } from '../../components/inputs/radio-group-input.tsx';
import { Loading } from '../../components/page/load-state.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useDataset, useDatasetContext } from '../../core/data/use-dataset.ts';
import { formatMoney } from '@tern/domain/i18n/format';
import { payoutMethodsDataset } from './datasets.ts';
import { paymentsQuery } from './queries.ts';
import SetupPayoutDialog from './setup-payout-dialog.tsx';

/**
 * A failed payment sent again (`payouts.resend`): to one of the user's other accounts in the
 * payment's currency, or one added here (Set up payout methods, then back with it chosen).
 * The API sends it once; a second try answers 409, shown as any refusal is.
 */
export function ResendPaymentDialog({
  payment,
  onClose,
}: {
  payment: Payment;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('payouts');
  const { api } = useAppServices();
  const context = useDatasetContext();
  const queryClient = useQueryClient();
  const toast = useToast();
  const methods = useDataset(payoutMethodsDataset);
  const [adding, setAdding] = useState(false);
  const form = useZodForm(paymentResendSchema, { payoutMethodId: '' });
  // Not the account it failed on; only those paid in its currency can take it.
  const usable = (methods.data ?? []).filter(
    (method) =>
      method.currency === payment.currency &&
      method.payoutMethodId !== payment.method?.payoutMethodId,
  );

  if (adding)
    return (
      <SetupPayoutDialog
        onClose={() => setAdding(false)}
        onCreated={(method) => {
          if (method.currency === payment.currency)
            form.setValue('payoutMethodId', method.payoutMethodId);
        }}
      />
    );
  return (
    <FormDialog
      title={t('resend.title')}
      lead={t('resend.lead', {
        amount: formatMoney(payment.amount, payment.currency, i18n.language),
      })}
      form={form}
      submitLabel={t('resend.submit')}
      cancelLabel={t('resend.cancel')}
      onCancel={onClose}
      onSubmit={async ({ payoutMethodId }) => {
        await api.call(payoutsContracts.resend, {
          params: { paymentId: payment.paymentId },
          body: { payoutMethodId },
        });
        await queryClient.invalidateQueries({ queryKey: paymentsQuery(context).queryKey });
        toast.showMessage(t('notifications.payment_resent'), 'success');
        onClose();
      }}
    >
      {!methods.loaded ? (
        <Loading rowHeight={48} />
      ) : (
        <>
          {usable.length === 0 ? (
            <Alert severity="info">{t('resend.none', { currency: payment.currency })}</Alert>
          ) : null}
          <RadioGroupInput
            name="payoutMethodId"
            label={t('resend.method')}
            required
            options={usable.map((method) => ({
              value: method.payoutMethodId,
              label: `${method.description} · ${method.accountNumber ?? method.iban ?? ''}`,
            }))}
          />
        </>
      )}
      <Box>
        <Button variant="outlined" onClick={() => setAdding(true)}>
          {t('resend.add')}
        </Button>
      </Box>
    </FormDialog>
  );
}
