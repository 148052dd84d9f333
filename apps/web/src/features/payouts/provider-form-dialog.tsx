import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { PAYOUT_DESCRIPTION_MAX } from '@tern/domain/constants';
import type { PayoutProvider } from '@tern/domain/partners/config';
import {
  checkPayoutFields,
  visiblePayoutFields,
  type RequiredField,
} from '@tern/domain/payouts/fields';
import {
  payoutFormSchema,
  type PayoutConfig,
  type PayoutFormValues,
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
const payoutFormDefaults = (
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
const payoutFieldValues = (
  definitions: readonly RequiredField[],
  values: PayoutFormValues,
): Record<string, string> =>
  checkPayoutFields(
    definitions,
    Object.fromEntries(definitions.map((field) => [field.key, values[field.key]])),
  ).values;

/** What a provider form sends: the description, the provider and currency, its fields and the proof. */
export type ProviderFormBody = {
  description: string;
  type: PayoutProvider;
  currency: PayoutConfig['country']['currency'];
  password?: string;
  code?: string;
} & Record<string, string>;

/**
 * A payout form drawn from a provider's definitions for the partner's currency (spec 1 §5
 * "Payout form", spec 2 §5 "Corpay form"): the description, the provider's fields with the
 * bank lookup, and the holder's proof once the API asks for it. A field the API refuses (the
 * IBAN's checksum, the sort code's modulus check) shows its error where it was typed. Add
 * payout method and Update to Corpay are this form with their own words and call.
 */
export function ProviderFormDialog({
  provider,
  config,
  title,
  lead,
  intro,
  submitLabel,
  description = '',
  descriptionHelp,
  onCancel,
  save,
}: {
  provider: PayoutProvider;
  config: PayoutConfig;
  title: string;
  lead: string;
  /** Above the fields: what the user must know first (Corpay's terms). */
  intro?: ReactNode;
  submitLabel: string;
  /** The description the form starts with. */
  description?: string;
  descriptionHelp?: string;
  onCancel: () => void;
  save: (body: ProviderFormBody) => Promise<void>;
}) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const fields = useQuery(requiredFieldsQuery(api, provider, config.country.currency));
  if (fields.data)
    return (
      <ProviderForm
        definitions={fields.data}
        provider={provider}
        config={config}
        title={title}
        lead={lead}
        intro={intro}
        submitLabel={submitLabel}
        description={description}
        descriptionHelp={descriptionHelp}
        onCancel={onCancel}
        save={save}
      />
    );
  return (
    <Dialog
      open
      title={title}
      onClose={onCancel}
      actions={
        fields.isError ? (
          <Button onClick={() => void fields.refetch()}>
            {t('app.retry', { ns: 'translation' })}
          </Button>
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

function ProviderForm({
  definitions,
  provider,
  config,
  title,
  lead,
  intro,
  submitLabel,
  description,
  descriptionHelp,
  onCancel,
  save,
}: Parameters<typeof ProviderFormDialog>[0] & { definitions: RequiredField[] }) {
  const { t } = useTranslation('payouts');
  const holder = useHolderProof();
  const schema = useMemo(
    () => payoutFormSchema(definitions, holder.proof),
    [definitions, holder.proof],
  );
  const form = useZodForm(schema, payoutFormDefaults(definitions, description));
  return (
    <FormDialog
      title={title}
      lead={lead}
      form={form}
      submitLabel={submitLabel}
      cancelLabel={t('add.cancel')}
      onCancel={onCancel}
      onSubmit={async (values) => {
        try {
          await save({
            ...payoutFieldValues(definitions, values),
            description: values.description,
            type: provider,
            currency: config.country.currency,
            ...holder.proofOf(values),
          });
        } catch (error) {
          holder.askIfNeeded(error);
          throw error;
        }
      }}
    >
      {intro}
      <TextInput
        control={form.control}
        name="description"
        label={t('fields.description')}
        {...(descriptionHelp ? { helperText: descriptionHelp } : {})}
        required
        maxLength={PAYOUT_DESCRIPTION_MAX}
      />
      <PayoutFields definitions={definitions} provider={provider} country={config.country.iso} />
      {holder.proof ? <ProofField control={form.control} mfa={holder.proof === 'code'} /> : null}
    </FormDialog>
  );
}
