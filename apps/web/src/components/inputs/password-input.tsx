import TextField from '@mui/material/TextField';
import type { FieldError } from 'react-hook-form';
import { useController, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@tern/domain/constants';
import type { FieldProps } from './field-props.ts';

/**
 * Every message of a field error: with `criteriaMode: 'all'` a rule that breaks several ways
 * (the sign-up password) leaves each key under `types`; otherwise there is the one message.
 */
export const errorMessages = (error: FieldError | undefined): string[] => {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((value) =>
    Array.isArray(value) ? value : typeof value === 'string' ? [value] : [],
  );
  const all = fromTypes.length ? fromTypes : [error.message || 'validation.required'];
  return [...new Set(all.filter((message): message is string => typeof message === 'string'))];
};

export type PasswordInputProps<T extends FieldValues> = FieldProps<T> & {
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A password field that lists every broken rule, one per line (spec 1 §5: passwordv1 combined
 * with any other message on a new line). Messages are translation keys, translated here.
 */
export function PasswordInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
  autoComplete,
}: PasswordInputProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control, rules });
  const messages = errorMessages(fieldState.error).map((message) => t(message));
  const errorText = messages.length ? messages.join('\n') : undefined;
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      type="password"
      required={required}
      disabled={disabled}
      autoComplete={autoComplete}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: PASSWORD_MAX_LENGTH },
        formHelperText: { sx: { whiteSpace: 'pre-line' } },
      }}
    />
  );
}
