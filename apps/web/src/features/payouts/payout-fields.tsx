import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { LOOKUP_MIN_CHARS, PAYOUT_SELECT_MAX } from '@tern/domain/constants';
import type { PayoutCurrency, PayoutProvider } from '@tern/domain/partners/config';
import {
  bankCountryOf,
  isPayoutFieldRequired,
  titleCaseBank,
  visiblePayoutFields,
  type Bank,
  type RequiredField,
} from '@tern/domain/payouts/fields';
import {
  PAYOUT_VALUE_MAX,
  type PayoutConfig,
  type PayoutFormValues,
} from '@tern/domain/payouts/schemas';
import { useId, useState } from 'react';
import { useFormContext, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroupInput } from '../../components/inputs/radio-group-input.tsx';
import { SelectInput } from '../../components/inputs/select-input.tsx';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { searchBanks } from './queries.ts';

/** A provider field's label: the portal's own translation of its key, else the provider's. */
function useFieldLabel() {
  const { t } = useTranslation('payouts');
  return {
    label: (field: RequiredField) => t(`fields.${field.key}`, { defaultValue: field.label }),
    choice: (choice: { key: string; name: string }) =>
      t(`choices.${choice.key}`, { defaultValue: choice.name }),
  };
}

/**
 * The provider's fields of a payout form (spec 1 §5, spec 2 §5 "Corpay form"), drawn from its
 * definitions: never the `reference` field, read-only fields shown with their value, and a
 * bank lookup where the provider offers one. Inside a form whose values are PayoutFormValues.
 */
export function PayoutFields({
  definitions,
  provider,
  partner,
}: {
  definitions: readonly RequiredField[];
  provider: PayoutProvider;
  /** The partner's payout country and currency: where banks are looked up (`bankCountryOf`). */
  partner: PayoutConfig['country'];
}) {
  return (
    <>
      {visiblePayoutFields(definitions).map((field) =>
        field.lookupField ? (
          <BankLookup
            key={field.key}
            field={field}
            provider={provider}
            partner={partner}
            mapping={field.lookupField.searchToFieldsMapping}
          />
        ) : (
          <PayoutField key={field.key} field={field} />
        ),
      )}
    </>
  );
}

function PayoutField({ field }: { field: RequiredField }) {
  const { label, choice } = useFieldLabel();
  const name = field.key;
  const common = {
    name,
    label: label(field),
    required: isPayoutFieldRequired(field) || field.type === 'email',
    disabled: field.readOnly === true,
  };
  const options = (field.valuesAllowed ?? []).map((value) => ({
    value: value.key,
    label: choice(value),
  }));
  if (field.type === 'radio') return <RadioGroupInput {...common} options={options} row />;
  if (field.type === 'select') return <SelectInput {...common} options={options} />;
  return (
    <TextInput
      {...common}
      type={field.type === 'email' ? 'email' : 'text'}
      autoComplete={field.type === 'email' ? 'email' : 'off'}
      maxLength={PAYOUT_VALUE_MAX}
    />
  );
}

/**
 * A lookup field (spec 1 §2 "Add payout method"): Find is enabled from 3 characters; the banks
 * found are listed, their names and addresses title-cased, and the one chosen fills the fields
 * its mapping names. None found is a warning (`errors.no_results`).
 */
function BankLookup({
  field,
  provider,
  partner,
  mapping,
}: {
  field: RequiredField;
  provider: PayoutProvider;
  partner: PayoutConfig['country'];
  mapping: Record<string, string>;
}) {
  const { t } = useTranslation('payouts');
  const { label } = useFieldLabel();
  const { api } = useAppServices();
  const toast = useToast();
  const handleError = useErrorHandler();
  const form = useFormContext<PayoutFormValues>();
  const name = field.key;
  const text = (useWatch({ control: form.control, name }) as string | undefined) ?? '';
  const [currency, iban] = useWatch({
    control: form.control,
    name: ['currency', 'iban'] as Path<PayoutFormValues>[],
  }) as [PayoutCurrency | undefined, string | undefined];
  // For the euro the IBAN says where the bank is: none to search before it is typed.
  const country = bankCountryOf(currency ?? partner.currency, partner, iban);
  const [banks, setBanks] = useState<Bank[] | null>(null);
  const [searching, setSearching] = useState(false);
  const listId = useId();

  const find = async () => {
    if (!country) return;
    setSearching(true);
    try {
      const found = (await searchBanks(api, provider, country, text.trim())).map(titleCaseBank);
      setBanks(found);
      if (found.length === 0)
        toast.showMessage(t('errors.no_results', { ns: 'translation' }), 'warning');
    } catch (error) {
      await handleError(error);
    } finally {
      setSearching(false);
    }
  };

  const choose = (bank: Bank) => {
    for (const [from, to] of Object.entries(mapping)) {
      const value = bank[from as keyof Bank];
      if (value) form.setValue(to, value, { shouldValidate: true });
    }
    setBanks(null);
    // The chosen button goes with the list: the keyboard carries on from the lookup field.
    form.setFocus(name);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {/* On a phone the button goes under the field, which keeps the whole width. */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          alignItems: { xs: 'stretch', sm: 'flex-start' },
        }}
      >
        <TextInput
          name={name}
          label={label(field)}
          required={isPayoutFieldRequired(field)}
          minLength={LOOKUP_MIN_CHARS}
          maxLength={PAYOUT_SELECT_MAX}
          autoComplete="off"
          helperText={
            country ? t('lookup.help', { min: LOOKUP_MIN_CHARS }) : t('lookup.iban_first')
          }
        />
        <Button
          variant="outlined"
          onClick={() => void find()}
          disabled={!country || text.trim().length < LOOKUP_MIN_CHARS}
          loading={searching}
          sx={{ mt: { sm: 1 }, flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          {...(banks?.length ? { 'aria-controls': listId } : {})}
        >
          {t('lookup.find')}
        </Button>
      </Box>
      {banks?.length ? (
        <Box>
          <Typography id={`${listId}-label`} variant="subtitle2">
            {t('lookup.choose', { count: banks.length })}
          </Typography>
          <List
            id={listId}
            dense
            aria-labelledby={`${listId}-label`}
            sx={{
              maxHeight: 8 * 56,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            {banks.map((bank) => (
              <ListItem key={bank.primaryKey} disablePadding>
                <ListItemButton onClick={() => choose(bank)}>
                  <ListItemText
                    primary={bank.institutionName}
                    secondary={[bank.address1, bank.city, bank.postalCode]
                      .filter(Boolean)
                      .join(', ')}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
    </Box>
  );
}
