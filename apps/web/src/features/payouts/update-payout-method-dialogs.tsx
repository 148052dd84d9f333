import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { PAYOUT_ADDRESS_FIELD_MAX, PAYOUT_DESCRIPTION_MAX } from '@tern/domain/constants';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import {
  PAYOUT_ADDRESS_FIELDS,
  payoutAddressFormSchema,
  type PayoutConfig,
  type PayoutMethod,
} from '@tern/domain/payouts/schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { ProofField } from '../accounts/index.ts';
import { documentPath } from '../content/index.ts';
import { payoutMethodsDataset } from './datasets.ts';
import { ProviderFormDialog } from './provider-form-dialog.tsx';
import { useHolderProof } from './holder-proof.ts';

/** The help document with the Corpay terms the update-to-Corpay dialog links to. */
const CORPAY_TERMS_DOCUMENT = 'payout-terms';

type UpdateProps = {
  method: PayoutMethod;
  onClose: () => void;
  /** With the method as changed: a resolution flow goes on with it. */
  onUpdated?: (method: PayoutMethod) => Promise<void> | void;
};

/**
 * After a change: the toast, the list again, then the caller's next step. Alone, the dialog
 * closes at once; in a flow (§4.8) the flow's next step takes its place, since closing it
 * would end the flow. Failures are reported without reopening a change already made.
 */
function useAfterUpdate(onClose: () => void, onUpdated: UpdateProps['onUpdated']) {
  const { t } = useTranslation('payouts');
  const refresh = useRefreshDataset(payoutMethodsDataset);
  const toast = useToast();
  const handleError = useErrorHandler();
  return async (method: PayoutMethod) => {
    if (!onUpdated) onClose();
    toast.showMessage(t('notifications.payout_method_updated'), 'success');
    try {
      await refresh();
      await onUpdated?.(method);
    } catch (error) {
      if (onUpdated) onClose();
      await handleError(error);
    }
  };
}

/**
 * Update payout method address (spec 2 §2.5, §5 "Payout address form"): a bank method without
 * an address gets one before money goes to it. The description takes 45 characters as typed
 * (100 as the rule), the address fields 100 each, all required.
 */
export function UpdatePayoutAddressDialog({ method, onClose, onUpdated }: UpdateProps) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const holder = useHolderProof();
  const after = useAfterUpdate(onClose, onUpdated);
  const schema = useMemo(() => payoutAddressFormSchema(holder.proof), [holder.proof]);
  const form = useZodForm(schema, {
    description: method.description,
    addressLine1: method.extras.addressLine1 ?? '',
    addressLine2: method.extras.addressLine2 ?? '',
    province: method.extras.province ?? '',
    townCity: method.extras.townCity ?? '',
    postCode: method.extras.postCode ?? '',
    password: '',
    code: '',
  });
  return (
    <FormDialog
      title={t('address.title')}
      lead={t('address.lead', { description: method.description })}
      form={form}
      submitLabel={t('address.submit')}
      cancelLabel={t('add.cancel')}
      onCancel={onClose}
      onSubmit={async ({ password, code, ...values }) => {
        try {
          const changed = await api.call(payoutsContracts.update, {
            params: { id: method.payoutMethodId },
            body: { ...values, ...holder.proofOf({ password, code }) },
          });
          await after(changed);
        } catch (error) {
          holder.askIfNeeded(error);
          throw error;
        }
      }}
    >
      <TextInput
        control={form.control}
        name="description"
        label={t('fields.description')}
        required
        maxLength={PAYOUT_DESCRIPTION_MAX}
      />
      {PAYOUT_ADDRESS_FIELDS.map((key) => (
        <TextInput
          key={key}
          control={form.control}
          name={key}
          label={t(`fields.${key}`)}
          required
          maxLength={PAYOUT_ADDRESS_FIELD_MAX}
          autoComplete={ADDRESS_AUTOCOMPLETE[key]}
        />
      ))}
      {holder.proof ? <ProofField control={form.control} mfa={holder.proof === 'code'} /> : null}
    </FormDialog>
  );
}

const ADDRESS_AUTOCOMPLETE: Record<(typeof PAYOUT_ADDRESS_FIELDS)[number], string> = {
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  province: 'address-level1',
  townCity: 'address-level2',
  postCode: 'postal-code',
};

/**
 * Update payout method to Corpay (spec 2 §2.5, §4.8, §5 "Corpay form"): where the partner pays
 * through Corpay, a bank method from elsewhere is moved to it. The user is shown Corpay's
 * terms, then gives what Corpay needs for the partner's currency (the bank by lookup, the
 * address).
 */
export function UpdateToCorpayDialog({
  method,
  config,
  onClose,
  onUpdated,
}: UpdateProps & { config: PayoutConfig }) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const after = useAfterUpdate(onClose, onUpdated);
  return (
    <ProviderFormDialog
      provider="BANK-CORPAY"
      config={config}
      title={t('corpay.title')}
      lead={t('corpay.lead')}
      submitLabel={t('corpay.submit')}
      description={method.description}
      known={method.extras}
      currency={method.currency}
      intro={
        <Alert severity="info">
          {t('corpay.terms')}{' '}
          <Link
            component={RouterLink}
            to={documentPath(CORPAY_TERMS_DOCUMENT)}
            target="_blank"
            rel="noopener"
          >
            {t('corpay.terms_link')}
          </Link>
        </Alert>
      }
      onCancel={onClose}
      save={async (body) =>
        after(
          await api.call(payoutsContracts.update, { params: { id: method.payoutMethodId }, body }),
        )
      }
    />
  );
}
