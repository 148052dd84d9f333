import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { loginRequestSchema } from '@tern/domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppServices } from '../../../app/app-services.ts';
import { useFormErrorReporter } from '../../../app/errors/use-form-error-reporter.ts';
import { paths } from '../../../app/routing/paths.ts';
import { recordSignInError, SessionSetupError } from '../../../app/session/establish-session.ts';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { PasswordInput } from '../../../components/inputs/password-input.tsx';
import { login } from '../api/sign-in-api.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';
import type { MfaChallenge } from './mfa-code-step.tsx';
import { EmailField } from '../email-field.tsx';

/** Log-in rules (spec 1 §5): a valid email and a password without spaces. */
const schema = loginRequestSchema.pick({ emailAddress: true, password: true });

export function PasswordStep({
  onMfaRequired,
}: {
  onMfaRequired: (challenge: MfaChallenge) => void;
}) {
  const { t } = useTranslation();
  const { http, runtime } = useAppServices();
  const form = useZodForm(schema, { emailAddress: '', password: '' });
  const report = useFormErrorReporter(form, ['emailAddress', 'password']);
  const completeSignIn = useCompleteSignIn();
  const signIn = useMutation({
    mutationFn: (values: { emailAddress: string; password: string }) =>
      login(http, { ...values, partnerId: runtime.partnerId }),
    meta: { handlesOwnErrors: true },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signIn.mutateAsync(values);
      if (answer.status === 'MFA_REQUIRED') {
        onMfaRequired({ userId: answer.userId, session: answer.session });
        return;
      }
      await completeSignIn(answer);
    } catch (error) {
      if (error instanceof SessionSetupError) return;
      // Reported first: a 401 (wrong credentials) resets the auth state as it logs out.
      await report(error);
      recordSignInError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
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
      <Link component={RouterLink} to={paths.forgotPassword} sx={{ justifySelf: 'start' }}>
        {t('sign_in.forgot_password')}
      </Link>
      <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
        {t('sign_in.submit')}
      </Button>
      <Link component={RouterLink} to={paths.loginWithCode} sx={{ justifySelf: 'center' }}>
        {t('sign_in.with_code')}
      </Link>
      <Typography sx={{ textAlign: 'center' }}>
        {t('sign_in.no_account')}{' '}
        <Link component={RouterLink} to={paths.register}>
          {t('sign_in.create_account')}
        </Link>
      </Typography>
    </Box>
  );
}
