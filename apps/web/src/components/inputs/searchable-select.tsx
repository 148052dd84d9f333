import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props.ts';
import { selectListMaxHeight, selectRowHeight } from './select-rows.ts';
import type { SelectOption } from './select-option.ts';
import { useErrorText } from './use-error-text.ts';

export type SearchableSelectProps<T extends FieldValues> = FieldProps<T> & {
  options: readonly SelectOption[];
  dense?: boolean;
  loading?: boolean;
  /** Long lists (thousands of airports) show this many matches at most while typing. */
  limit?: number;
};

/** A select whose list filters as the user types; the form holds the chosen option's value. */
export function SearchableSelect<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
  options,
  dense = false,
  loading = false,
  limit,
}: SearchableSelectProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error);
  const rowHeight = selectRowHeight(dense);
  return (
    <Autocomplete
      options={options}
      {...(limit ? { filterOptions: createFilterOptions<SelectOption>({ limit }) } : {})}
      value={options.find((option) => option.value === field.value) ?? null}
      onChange={(_, option) => field.onChange(option?.value ?? '')}
      onBlur={field.onBlur}
      getOptionLabel={(option) => option.label}
      getOptionDisabled={(option) => option.disabled === true}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      disabled={disabled}
      loading={loading}
      noOptionsText={t('inputs.no_options')}
      loadingText={t('inputs.loading')}
      openText={t('inputs.open')}
      closeText={t('inputs.close')}
      clearText={t('inputs.clear')}
      slotProps={{
        listbox: {
          style: { maxHeight: selectListMaxHeight(dense), paddingTop: 0, paddingBottom: 0 },
          sx: { '& .MuiAutocomplete-option': { minHeight: rowHeight, height: rowHeight } },
        },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required={required}
          error={Boolean(errorText)}
          helperText={errorText ?? helperText}
        />
      )}
    />
  );
}
