import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { codeFormSchema } from '@tern/domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../app/app-services.ts';
import { useFormErrorReporter } from '../../../app/errors/use-form-error-reporter.ts';
import { recordSignInError, SessionSetupError } from '../../../app/session/establish-session.ts';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { ApiRequestError } from '../../../lib/api-request-error.ts';
import { confirmMfa } from '../api/sign-in-api.ts';
import { CodeField } from '../code-field.tsx';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';

/** What a login of a user with MFA on answers instead of a session. */
export type MfaChallenge = { userId: string; session: string };

/** The second step of a login with MFA: the code of the user's authenticator app. */
export function MfaCodeStep({
  challenge,
  onBack,
}: {
  challenge: MfaChallenge;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { http } = useAppServices();
  const form = useZodForm(codeFormSchema, { code: '' });
  const report = useFormErrorReporter(form, ['code']);
  const completeSignIn = useCompleteSignIn();
  const confirm = useMutation({
    mutationFn: (code: string) => confirmMfa(http, { ...challenge, code }),
    meta: { handlesOwnErrors: true },
  });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await completeSignIn(await confirm.mutateAsync(code));
    } catch (error) {
      if (error instanceof SessionSetupError) return;
      await report(error);
      recordSignInError(error);
      // The verification session has ended (401): sign in again from the start.
      if (error instanceof ApiRequestError && error.status === 401) onBack();
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('sign_in.mfa_description')}</Typography>
      <CodeField control={form.control} name="code" label={t('sign_in.code')} />
      <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
        {t('sign_in.verify')}
      </Button>
      <Button onClick={onBack}>{t('sign_in.back')}</Button>
    </Box>
  );
}
