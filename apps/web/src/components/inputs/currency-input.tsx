import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { MONEY_DECIMALS } from '@tern/domain/constants';
import { useMemo } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumericFormat } from 'react-number-format';
import type { FieldProps } from './field-props.ts';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
import { numberSeparators } from './number-separators.ts';
import { useErrorText } from './use-error-text.ts';

export type CurrencyInputProps<T extends FieldValues> = FieldProps<T> & {
  /** ISO code shown before the amount, e.g. 'CAD'. */
  currency?: string;
  allowNegative?: boolean;
};

/**
 * An amount with 2 decimals and thousands separators in the page's language (spec 1 §5).
 * The form holds the plain number as a string ('1234.5'), which the domain's amount rule reads.
 */
export function CurrencyInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
  currency,
  allowNegative = false,
}: CurrencyInputProps<T>) {
  const { i18n } = useTranslation();
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error);
  const separators = useMemo(
    () => numberSeparators(localeOfLanguage(i18n.language)),
    [i18n.language],
  );
  return (
    <NumericFormat
      customInput={TextField}
      name={field.name}
      value={field.value ?? ''}
      valueIsNumericString
      onValueChange={(values, source) => {
        // Only the user's typing (which comes with its event) changes the form; a new value
        // from the form is already there.
        if (source.event) field.onChange(values.value);
      }}
      onBlur={field.onBlur}
      getInputRef={field.ref}
      thousandSeparator={separators.group}
      decimalSeparator={separators.decimal}
      decimalScale={MONEY_DECIMALS}
      allowNegative={allowNegative}
      inputMode="decimal"
      label={label}
      required={required}
      disabled={disabled}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      slotProps={
        currency
          ? {
              input: {
                startAdornment: <InputAdornment position="start">{currency}</InputAdornment>,
              },
            }
          : {}
      }
    />
  );
}
