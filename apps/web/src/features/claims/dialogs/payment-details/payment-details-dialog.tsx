import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { ClaimPayout, ItemAlert } from '@tern/domain/claims/schemas';
import { PAYOUT_DESCRIPTION_MAX } from '@tern/domain/constants';
import type { PayoutMethod } from '@tern/domain/payouts/schemas';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../../../components/form/use-zod-form.ts';
import { MobileInput } from '../../../../components/inputs/mobile-input.tsx';
import { SelectInput } from '../../../../components/inputs/select-input.tsx';
import { TextInput } from '../../../../components/inputs/text-input.tsx';
import { useToast } from '../../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../../core/app-services.ts';
import { datasetQuery } from '../../../../core/data/dataset.ts';
import { useDatasetContext } from '../../../../core/data/use-dataset.ts';
import { useAccount } from '../../../../core/session/account.ts';
import { payoutConfigDataset, payoutMethodsDataset } from '../../../payouts/datasets.ts';
import { SetupPayoutDialog } from '../../../payouts/index.ts';
import { periodLabel } from '../claim-periods.ts';
import { useRefreshClaims } from '../use-refresh-claims.ts';
import {
  paymentDetailsFormSchema,
  paymentDetailsPatch,
  type PaymentDetailsFormValues,
} from './payment-details-form.ts';

const methodLabel = (method: PayoutMethod) =>
  [method.description, method.accountNumber ?? method.iban].filter(Boolean).join(' · ');

/**
 * The payment details of a month whose payout is ready (selectPaymentDetails, spec 2 §5): the
 * payment's reference, the mobile number and email, and the payout method to pay — one of the
 * customer's in the claim's currency, or one added here through the payouts area's own setup
 * dialog (the partner's supplier collects the bank details there, with IBAN labels where the
 * country uses IBANs). Sending sets the month SENT; the payment follows, paid once.
 */
export default function PaymentDetailsDialog({
  claim,
  payout,
  onClose,
}: {
  claim: ItemAlert;
  payout: ClaimPayout;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('claims');
  const { api } = useAppServices();
  const refresh = useRefreshClaims();
  const toast = useToast();
  const account = useAccount();
  const context = useDatasetContext();
  // The partner's country starts the mobile number; loaded after login, or fetched here.
  const config = useQuery(datasetQuery(payoutConfigDataset, context));
  // Fetched as the dialog opens: a method added in another tab or by the supplier's page shows.
  const methods = useQuery({
    ...datasetQuery(payoutMethodsDataset, context),
    refetchOnMount: 'always',
  });
  const country = config.data?.country.iso;
  const [adding, setAdding] = useState(false);
  const currency = claim.data.currency;
  const usable = (methods.data ?? []).filter((method) => method.currency === currency);
  const preferred = usable.find((method) => method.preferred === 1) ?? usable[0];
  const month = periodLabel(
    { start: payout.periodStart, end: payout.periodEnd, share: 1 },
    i18n.language,
  );

  const form = useZodForm(paymentDetailsFormSchema, {
    description: t('payment_details.default_description', {
      claim: claim.claimNumber,
      month,
    }).slice(0, PAYOUT_DESCRIPTION_MAX),
    contactNumber: account?.mobilePhoneNumber ?? '',
    payoutMethodId: '',
    emailAddress: account?.emailAddress ?? '',
  });
  // The preferred method is chosen as soon as the list is in, unless one is chosen already.
  const preferredId = preferred?.payoutMethodId;
  useEffect(() => {
    if (preferredId && !form.getValues('payoutMethodId'))
      form.setValue('payoutMethodId', preferredId);
  }, [preferredId, form]);

  const submit = async (values: PaymentDetailsFormValues) => {
    await api.call(claimsContracts.updatePayout, {
      params: { itemId: claim.itemId, alertId: claim.alertId, payoutId: payout.payoutId },
      body: paymentDetailsPatch(values),
    });
    await refresh();
    toast.showMessage(t('payment_details.sent', { month }), 'success');
    onClose();
  };

  return (
    <>
      <FormDialog<PaymentDetailsFormValues>
        title={t('payment_details.title', { month })}
        lead={t('payment_details.lead', { currency })}
        form={form}
        submitLabel={t('payment_details.submit')}
        cancelLabel={t('payment_details.cancel')}
        onCancel={onClose}
        onSubmit={submit}
      >
        <TextInput
          name="description"
          label={t('payment_details.description')}
          helperText={t('payment_details.description_help')}
          maxLength={PAYOUT_DESCRIPTION_MAX}
          autoComplete="off"
        />
        <MobileInput
          // Made again once the partner's country is known: it starts on that country.
          key={country ?? ''}
          name="contactNumber"
          label={t('payment_details.mobile')}
          required
          {...(country ? { defaultCountry: country } : {})}
        />
        <TextInput
          name="emailAddress"
          type="email"
          label={t('payment_details.email')}
          helperText={t('payment_details.email_help')}
          required
          autoComplete="email"
          maxLength={254}
        />
        <Box sx={{ display: 'grid', gap: 1 }}>
          {usable.length > 0 ? (
            <SelectInput
              name="payoutMethodId"
              label={t('payment_details.method')}
              required
              options={usable.map((method) => ({
                value: method.payoutMethodId,
                label: methodLabel(method),
              }))}
            />
          ) : (
            <Typography variant="body2">
              {methods.isPending
                ? t('payment_details.methods_loading')
                : t('payment_details.no_method', { currency })}
            </Typography>
          )}
          {form.formState.errors.payoutMethodId && usable.length === 0 ? (
            <Typography variant="body2" color="error" role="alert">
              {t('payment_details.method_required')}
            </Typography>
          ) : null}
          <Button variant="outlined" onClick={() => setAdding(true)} sx={{ justifySelf: 'start' }}>
            {t('payment_details.add_method')}
          </Button>
        </Box>
        <TextField
          label={t('payment_details.legal_type')}
          value={t('payment_details.business')}
          helperText={t('payment_details.legal_type_help')}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </FormDialog>
      {adding ? (
        <Suspense fallback={null}>
          <SetupPayoutDialog
            onClose={() => setAdding(false)}
            onCreated={(method) => {
              if (method.currency === currency)
                form.setValue('payoutMethodId', method.payoutMethodId, {
                  shouldDirty: true,
                  shouldValidate: form.formState.isSubmitted,
                });
              void methods.refetch();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
