import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../components/inputs/password-input.tsx';
import { CodeField } from './code-field.tsx';

/**
 * The holder's proof a change asks for (a contact point, where payouts go): the
 * authenticator's code with MFA on, else the password. The form's fields are `code` and
 * `password`.
 */
export type ProofFieldProps<T extends FieldValues> = { control: Control<T>; mfa: boolean };

export function ProofField<T extends FieldValues>({ control, mfa }: ProofFieldProps<T>) {
  const { t } = useTranslation('accounts');
  return mfa ? (
    <CodeField
      control={control}
      name={'code' as Path<T>}
      label={t('my_details.proof_code')}
      helperText={t('my_details.proof_code_help')}
    />
  ) : (
    <PasswordInput
      control={control}
      name={'password' as Path<T>}
      label={t('my_details.proof_password')}
      helperText={t('my_details.proof_password_help')}
      autoComplete="current-password"
      required
    />
  );
}
