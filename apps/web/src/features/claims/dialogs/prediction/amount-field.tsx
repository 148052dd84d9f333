import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { useErrorText } from '../../../../components/inputs/use-error-text.ts';

/**
 * A month's revenue as typed: plain text, so a comma or a dot may be the decimal separator
 * (spec 2 §5, read by the form's rule), with the decimal keypad on a phone. The shared
 * currency input formats as the page's language writes numbers, which would turn a typed
 * "1234,56" into 123,456 in English.
 */
export function AmountField<T extends FieldValues>({
  name,
  label,
  currency,
  helperText,
}: {
  name: FieldPath<T>;
  label: string;
  currency: string;
  helperText?: string | undefined;
}) {
  const { field, fieldState } = useController<T>({ name });
  const errorText = useErrorText(fieldState.error);
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      autoComplete="off"
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 20 },
        input: { startAdornment: <InputAdornment position="start">{currency}</InputAdornment> },
      }}
    />
  );
}
