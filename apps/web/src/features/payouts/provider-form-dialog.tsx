import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PAYOUT_DESCRIPTION_MAX } from '@tern/domain/constants';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
import type { PayoutCurrency, PayoutProvider } from '@tern/domain/partners/config';
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SelectInput } from '../../components/inputs/select-input.tsx';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { Loading } from '../../components/page/load-state.tsx';
import { useAppServices } from '../../core/app-services.ts';
import { ProofField } from '../accounts/index.ts';
import { useHolderProof } from './holder-proof.ts';
import { PayoutFields } from './payout-fields.tsx';
import { requiredFieldsQuery } from './queries.ts';

/**
 * The form's first values: every field the provider defines, read-only ones prefilled, the
 * others with what is already known of the account (its address, when moved to Corpay), else
 * the provider's default (the account type), else empty.
 */
const payoutFormDefaults = (
  definitions: readonly RequiredField[],
  description = '',
  known: Readonly<Record<string, string | undefined>> = {},
): PayoutFormValues => ({
  description,
  password: '',
  code: '',
  ...Object.fromEntries(
    visiblePayoutFields(definitions).map((field) => [
      field.key,
      field.readOnly ? (field.defaultValue ?? '') : (known[field.key] ?? field.defaultValue ?? ''),
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
  known,
  currency,
  onCancel,
  save,
}: {
  provider: PayoutProvider;
  config: PayoutConfig;
  /**
   * The account's currency when it is fixed (a method moved to Corpay keeps its own); else
   * the user picks among the partner's currencies, its country's first.
   */
  currency?: PayoutCurrency;
  title: string;
  lead: string;
  /** Above the fields: what the user must know first (Corpay's terms). */
  intro?: ReactNode;
  submitLabel: string;
  /** The description the form starts with. */
  description?: string;
  /** What is known of the account already (a method's extras): those fields start filled. */
  known?: Readonly<Record<string, string | undefined>>;
  descriptionHelp?: string;
  onCancel: () => void;
  save: (body: ProviderFormBody) => Promise<void>;
}) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const fields = useQuery(requiredFieldsQuery(api, provider, currency ?? config.country.currency));
  if (fields.data)
    return (
      <ProviderForm
        initialDefinitions={fields.data}
        provider={provider}
        config={config}
        title={title}
        lead={lead}
        intro={intro}
        submitLabel={submitLabel}
        description={description}
        descriptionHelp={descriptionHelp}
        {...(known ? { known } : {})}
        {...(currency ? { currency } : {})}
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
        <Loading rowHeight={56} rows={3} />
      )}
    </Dialog>
  );
}

function ProviderForm({
  initialDefinitions,
  provider,
  config,
  title,
  lead,
  intro,
  submitLabel,
  description,
  descriptionHelp,
  known,
  currency: fixedCurrency,
  onCancel,
  save,
}: Parameters<typeof ProviderFormDialog>[0] & { initialDefinitions: RequiredField[] }) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const holder = useHolderProof();
  const startCurrency = fixedCurrency ?? config.country.currency;
  // The rules follow the fields shown (they change with the currency) and the proof once asked.
  const rules = useRef(payoutFormSchema(initialDefinitions, null));
  const form = useZodForm(() => rules.current, {
    ...payoutFormDefaults(initialDefinitions, description, known),
    currency: startCurrency,
  });
  const currency = useWatch({ control: form.control, name: 'currency' }) as PayoutCurrency;
  // Another currency, other fields: the last ones stay on screen until the new ones are in.
  const fields = useQuery({
    ...requiredFieldsQuery(api, provider, currency),
    placeholderData: keepPreviousData,
  });
  const definitions = fields.data ?? initialDefinitions;
  const shown = useRef(definitions);
  useEffect(() => {
    if (shown.current === definitions) return;
    shown.current = definitions;
    form.reset({
      ...payoutFormDefaults(definitions, form.getValues('description'), known),
      currency: form.getValues('currency'),
    });
  }, [definitions, form, known]);
  const schema = useMemo(
    () => payoutFormSchema(definitions, holder.proof),
    [definitions, holder.proof],
  );
  useLayoutEffect(() => {
    rules.current = schema;
  }, [schema]);
  const choices = fixedCurrency ? [] : config.payouts.currencies;
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
            currency,
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
      {choices.length > 1 ? <CurrencySelect currencies={choices} /> : null}
      <PayoutFields definitions={definitions} provider={provider} partner={config.country} />
      {holder.proof ? <ProofField control={form.control} mfa={holder.proof === 'code'} /> : null}
    </FormDialog>
  );
}

/** The account's currency, named in the user's language ("EUR · Euro"). */
function CurrencySelect({ currencies }: { currencies: readonly PayoutCurrency[] }) {
  const { t, i18n } = useTranslation('payouts');
  const names = new Intl.DisplayNames(localeOfLanguage(i18n.language), { type: 'currency' });
  return (
    <SelectInput
      name="currency"
      label={t('fields.currency')}
      helperText={t('add.currency_help')}
      required
      options={currencies.map((code) => ({ value: code, label: `${code} · ${names.of(code)}` }))}
    />
  );
}
