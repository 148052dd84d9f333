import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { PAYOUT_DESCRIPTION_MAX } from '@tern/domain/constants';
import type { PayoutProvider } from '@tern/domain/partners/config';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import {
  checkPayoutFields,
  visiblePayoutFields,
  type RequiredField,
} from '@tern/domain/payouts/fields';
import {
  payoutFormSchema,
  type PayoutConfig,
  type PayoutFormValues,
  type PayoutMethod,
} from '@tern/domain/payouts/schemas';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useAppServices } from '../../core/app-services.ts';
import { ProofField } from '../accounts/index.ts';
import { useHolderProof } from './holder-proof.ts';
import { PayoutFields } from './payout-fields.tsx';
import { requiredFieldsQuery } from './queries.ts';

/** The form's first values: every field the provider defines, read-only ones prefilled. */
export const payoutFormDefaults = (
  definitions: readonly RequiredField[],
  description = '',
): PayoutFormValues => ({
  description,
  password: '',
  code: '',
  ...Object.fromEntries(
    visiblePayoutFields(definitions).map((field) => [
      field.key,
      field.readOnly ? (field.defaultValue ?? '') : '',
    ]),
  ),
});

/** What a payout form sends for the provider's fields: checked, trimmed, `reference` filled. */
export const payoutFieldValues = (
  definitions: readonly RequiredField[],
  values: PayoutFormValues,
): Record<string, string> =>
  checkPayoutFields(
    definitions,
    Object.fromEntries(definitions.map((field) => [field.key, values[field.key]])),
  ).values;

/**
 * The provider's definitions for the partner's currency, then `children` with them; a
 * failure to fetch them is said in a dialog with a retry.
 */
export function WithRequiredFields({
  provider,
  config,
  title,
  onClose,
  children,
}: {
  provider: PayoutProvider;
  config: PayoutConfig;
  title: string;
  onClose: () => void;
  children: (definitions: RequiredField[]) => ReactNode;
}) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const fields = useQuery(requiredFieldsQuery(api, provider, config.country.currency));
  if (fields.data) return <>{children(fields.data)}</>;
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      actions={
        fields.isError ? (
          <Button onClick={() => void fields.refetch()}>{t('add.retry')}</Button>
        ) : undefined
      }
    >
      {fields.isError ? (
        <Alert severity="error">{t('add.fields_failed')}</Alert>
      ) : (
        <div
          role="progressbar"
          aria-busy="true"
          aria-label={t('app.loading', { ns: 'translation' })}
        >
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </div>
      )}
    </Dialog>
  );
}

/**
 * Add payout method (spec 1 §2, §4 "Payout method add flow", §5 "Payout form"): the
 * description and the provider's fields for the partner's currency. A field the API refuses
 * (the IBAN's checksum, the sort code's modulus check) shows its error where it was typed.
 */
export function AddPayoutMethodDialog({
  provider,
  config,
  onCancel,
  onCreated,
}: {
  provider: PayoutProvider;
  config: PayoutConfig;
  onCancel: () => void;
  onCreated: (method: PayoutMethod) => Promise<void> | void;
}) {
  const { t } = useTranslation('payouts');
  return (
    <WithRequiredFields
      provider={provider}
      config={config}
      title={t('add.title')}
      onClose={onCancel}
    >
      {(definitions) => (
        <AddForm
          definitions={definitions}
          provider={provider}
          config={config}
          onCancel={onCancel}
          onCreated={onCreated}
        />
      )}
    </WithRequiredFields>
  );
}

function AddForm({
  definitions,
  provider,
  config,
  onCancel,
  onCreated,
}: {
  definitions: RequiredField[];
  provider: PayoutProvider;
  config: PayoutConfig;
  onCancel: () => void;
  onCreated: (method: PayoutMethod) => Promise<void> | void;
}) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const holder = useHolderProof();
  const schema = useMemo(
    () => payoutFormSchema(definitions, holder.proof),
    [definitions, holder.proof],
  );
  const form = useZodForm(schema, payoutFormDefaults(definitions));
  return (
    <FormDialog
      title={t('add.title')}
      lead={t('add.lead', {
        provider: t(`providers.${provider}`),
        currency: config.country.currency,
      })}
      form={form}
      submitLabel={t('add.submit')}
      cancelLabel={t('add.cancel')}
      onCancel={onCancel}
      onSubmit={async (values) => {
        try {
          const method = await api.call(payoutsContracts.create, {
            body: {
              description: values.description,
              type: provider,
              currency: config.country.currency,
              ...payoutFieldValues(definitions, values),
              ...holder.proofOf(values),
            },
          });
          await onCreated(method);
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
        helperText={t('add.description_help')}
        required
        maxLength={PAYOUT_DESCRIPTION_MAX}
      />
      <PayoutFields definitions={definitions} provider={provider} country={config.country.iso} />
      {holder.proof ? <ProofField control={form.control} mfa={holder.proof === 'code'} /> : null}
    </FormDialog>
  );
}
