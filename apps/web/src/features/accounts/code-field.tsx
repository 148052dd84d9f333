import type { Control, FieldValues, Path } from 'react-hook-form';
import { TextInput } from '../../components/inputs/text-input.tsx';

/** The 6-digit code of an authenticator app, an email or an SMS. */
export function CodeField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  helperText?: string;
}) {
  return (
    <TextInput
      control={control}
      name={name}
      label={label}
      required
      maxLength={6}
      inputMode="numeric"
      autoComplete="one-time-code"
      {...(helperText ? { helperText } : {})}
    />
  );
}
