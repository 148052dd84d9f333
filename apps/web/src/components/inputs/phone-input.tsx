import TextField from '@mui/material/TextField';
import { MOBILE_MAX_LENGTH } from '@tern/domain/constants';
import { cleanPhone } from '@tern/domain/rules/phone';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props.ts';
import { useErrorText } from './use-error-text.ts';

/** A phone number; the form holds it cleaned to digits and '+' (spec 1 §5). */
export function PhoneInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
}: FieldProps<T>) {
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error);
  return (
    <TextField
      name={field.name}
      type="tel"
      value={field.value ?? ''}
      onChange={(event) => field.onChange(cleanPhone(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      disabled={disabled}
      autoComplete="tel"
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      slotProps={{ htmlInput: { maxLength: MOBILE_MAX_LENGTH, inputMode: 'tel' } }}
    />
  );
}
