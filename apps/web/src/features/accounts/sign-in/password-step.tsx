import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { recordSignInError } from '../../../core/session/sign-in-error.ts';
import { Form } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { PasswordInput } from '../../../components/inputs/password-input.tsx';
import { accountsPaths } from '../paths.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';
import type { MfaChallenge } from './mfa-code-step.tsx';
import { EmailField } from '../email-field.tsx';

/**
 * Log-in rules (spec 1 §5): a valid email and a password without spaces. Fetched with the
 * form's first check, so the first page paints without zod.
 */
const schema = () =>
  import('@tern/domain/accounts/sign-in-schemas').then(({ loginRequestSchema }) =>
    loginRequestSchema.pick({ emailAddress: true, password: true }),
  );

export function PasswordStep({
  onMfaRequired,
}: {
  onMfaRequired: (challenge: MfaChallenge) => void;
}) {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const completeSignIn = useCompleteSignIn();
  return (
    <Form
      schema={schema}
      defaultValues={{ emailAddress: '', password: '' }}
      onSubmit={async (values) => {
        // The accounts contracts (with the phone-number rules) come with the first sign-in.
        const { accountsContracts } = await import('@tern/domain/accounts/contracts');
        const answer = await api.call(accountsContracts.login, {
          body: { ...values, partnerId: runtime.partnerId },
        });
        if (answer.status === 'MFA_REQUIRED')
          onMfaRequired({ userId: answer.userId, session: answer.session });
        else await completeSignIn(answer);
      }}
      // Reported first: a 401 (wrong credentials) resets the auth state as it logs out.
      onError={recordSignInError}
    >
      {(form) => (
        <>
          <EmailField
            control={form.control}
            name="emailAddress"
            label={t('sign_in.email')}
            autoComplete="username"
          />
          <PasswordInput
            control={form.control}
            name="password"
            label={t('sign_in.password')}
            autoComplete="current-password"
            required
          />
          <Link
            component={RouterLink}
            to={accountsPaths.forgotPassword}
            sx={{ justifySelf: 'start' }}
          >
            {t('sign_in.forgot_password')}
          </Link>
          <SubmitButton>{t('sign_in.submit')}</SubmitButton>
          <Link
            component={RouterLink}
            to={accountsPaths.loginWithCode}
            sx={{ justifySelf: 'center' }}
          >
            {t('sign_in.with_code')}
          </Link>
          <Typography sx={{ textAlign: 'center' }}>
            {t('sign_in.no_account')}{' '}
            <Link component={RouterLink} to={accountsPaths.register}>
              {t('sign_in.create_account')}
            </Link>
          </Typography>
        </>
      )}
    </Form>
  );
}
