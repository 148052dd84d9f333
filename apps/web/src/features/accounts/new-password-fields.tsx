import { useTranslation } from 'react-i18next';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { PasswordInput } from '../../components/inputs/password-input.tsx';

/** The form values of a new password and its confirmation (spec 1 §5 "Sign-up password"). */
type NewPasswordValues = FieldValues & { password: string; passwordConfirm: string };

/**
 * A new password and its confirmation, with the rules spelled out under the first: the
 * register and reset screens ask for a password the same way.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  control,
  passwordLabel,
  confirmLabel,
}: {
  control: Control<T>;
  passwordLabel: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PasswordInput
        control={control}
        name={'password' as Path<T>}
        label={passwordLabel}
        helperText={t('register.password_help')}
        autoComplete="new-password"
        required
      />
      <PasswordInput
        control={control}
        name={'passwordConfirm' as Path<T>}
        label={confirmLabel}
        autoComplete="new-password"
        required
      />
    </>
  );
}
