import { EMAIL_MAX_LENGTH } from '@tern/domain/constants';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { TextInput } from '../../components/inputs/text-input.tsx';

/** The email address of an account: sign-in, register and forgot-password ask for it alike. */
export function EmailField<T extends FieldValues>({
  control,
  name,
  label,
  autoComplete = 'email',
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** `username` where the address signs in, so password managers pair it with the password. */
  autoComplete?: 'email' | 'username';
}) {
  return (
    <TextInput
      control={control}
      name={name}
      type="email"
      label={label}
      autoComplete={autoComplete}
      maxLength={EMAIL_MAX_LENGTH}
      required
    />
  );
}
