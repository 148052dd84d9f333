import TextField from '@mui/material/TextField';
import { TEXT_MAX_LENGTH } from '@tern/domain/constants';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props.ts';
import { useErrorText } from './use-error-text.ts';

export type TextInputProps<T extends FieldValues> = FieldProps<T> & {
  /** Spec 1 §5: 50 unless a form says otherwise. */
  maxLength?: number;
  /** The fewest characters the form's schema takes: fills `{{min}}` of its message. */
  minLength?: number;
  type?: 'text' | 'email' | 'password' | 'search' | 'url';
  autoComplete?: string;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  /** The on-screen keyboard to offer, e.g. 'numeric' for a one-time code. */
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
};

export function TextInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
  maxLength = TEXT_MAX_LENGTH,
  minLength,
  type = 'text',
  autoComplete,
  placeholder,
  multiline,
  rows,
  inputMode,
}: TextInputProps<T>) {
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error, { max: maxLength, min: minLength });
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      type={type}
      required={required}
      disabled={disabled}
      placeholder={placeholder}
      autoComplete={autoComplete}
      multiline={multiline}
      rows={rows}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      slotProps={{ htmlInput: { maxLength, ...(inputMode ? { inputMode } : {}) } }}
    />
  );
}
