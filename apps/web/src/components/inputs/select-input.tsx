import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props.ts';
import { selectMenuProps, selectRowSx } from './select-menu-props.ts';
import type { SelectOption } from './select-option.ts';
import { useErrorText } from './use-error-text.ts';

export type SelectInputProps<T extends FieldValues> = FieldProps<T> & {
  options: readonly SelectOption[];
  /** Rows of 40 px instead of 48 px. */
  dense?: boolean;
};

export function SelectInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
  options,
  dense = false,
}: SelectInputProps<T>) {
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error);
  return (
    <TextField
      select
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      disabled={disabled}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      slotProps={{ select: { MenuProps: selectMenuProps(dense) } }}
    >
      {options.map((option) => (
        <MenuItem
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          sx={selectRowSx(dense)}
        >
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
