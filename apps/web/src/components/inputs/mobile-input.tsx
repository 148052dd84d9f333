import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MOBILE_MAX_LENGTH } from '@tern/domain/constants';
import { callingCode, cleanPhone, isMobileTooLong } from '@tern/domain/rules/phone';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props.ts';
import { countryOfNumber, countryOptions, phoneCountries } from '../../lib/phone-countries.ts';
import { selectMenuProps, selectRowSx } from './select-menu-props.ts';
import { useErrorText } from './use-error-text.ts';

export type MobileInputProps<T extends FieldValues> = FieldProps<T> & {
  /** ISO alpha-2 country the calling code starts on. */
  defaultCountry?: string;
  countries?: readonly string[];
  /** Country names by ISO code in the page's language (the countries reference document). */
  countryNames?: Readonly<Record<string, string>> | undefined;
};

/** The national part of a stored '+{calling code}{number}'. */
const nationalPart = (value: unknown, code: string): string => {
  const cleaned = typeof value === 'string' ? cleanPhone(value) : '';
  return cleaned.startsWith(`+${code}`)
    ? cleaned.slice(code.length + 1)
    : cleaned.replace(/\+/g, '');
};

/**
 * A mobile number as a country (shown with its calling code) plus the national number. The
 * form holds '+{calling code}{national digits}'. A keystroke that makes the number longer than
 * any mobile number of the chosen country is refused (spec 1 §5), using the domain's rule.
 */
export function MobileInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
  defaultCountry = 'CA',
  countries = phoneCountries,
  countryNames,
}: MobileInputProps<T>) {
  const { t, i18n } = useTranslation();
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error);
  // A number already in the form (restored from storage) keeps the country it was typed for.
  const [country, setCountry] = useState(() =>
    countryOfNumber(field.value, defaultCountry.toUpperCase(), countries, callingCode),
  );
  const code = callingCode(country) ?? '';
  const national = nationalPart(field.value, code);
  const options = useMemo(
    () => countryOptions(countries, i18n.language, callingCode, countryNames),
    [countries, i18n.language, countryNames],
  );

  const store = (nextCountry: string, digits: string) =>
    field.onChange(digits ? `+${callingCode(nextCountry) ?? ''}${digits}` : '');

  const onNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = cleanPhone(event.target.value).replace(/\+/g, '');
    // Refused: the controlled input keeps its previous value.
    if (digits.length > MOBILE_MAX_LENGTH || isMobileTooLong(digits, country)) return;
    store(country, digits);
  };

  const onCountryChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setCountry(next);
    store(next, isMobileTooLong(national, next) ? '' : national);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        select
        label={t('inputs.country_code')}
        value={country}
        onChange={onCountryChange}
        disabled={disabled}
        sx={{ flex: '0 0 9rem' }}
        slotProps={{
          select: {
            MenuProps: selectMenuProps(),
            renderValue: (selected) =>
              `${String(selected)} +${callingCode(String(selected)) ?? ''}`,
          },
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.country} value={option.country} sx={selectRowSx()}>
            {t('inputs.calling_code', { country: option.name, code: option.callingCode })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        name={field.name}
        type="tel"
        value={national}
        onChange={onNumberChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        label={label}
        required={required}
        disabled={disabled}
        autoComplete="tel-national"
        error={Boolean(errorText)}
        helperText={errorText ?? helperText}
        fullWidth
        slotProps={{ htmlInput: { maxLength: MOBILE_MAX_LENGTH, inputMode: 'tel' } }}
      />
    </Box>
  );
}
