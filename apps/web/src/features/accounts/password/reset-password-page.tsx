import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { signUpPasswordSchema } from '@tern/domain/rules/password';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAppServices } from '../../../app/app-services.ts';
import { useFormErrorReporter } from '../../../app/errors/use-form-error-reporter.ts';
import { paths } from '../../../app/routing/paths.ts';
import { useLinkedFields } from '../../../components/form/use-linked-fields.ts';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { resetPassword } from '../api/password-api.ts';
import { NewPasswordFields } from '../new-password-fields.tsx';

/**
 * The reset call's payload (spec 1 §7): the new password only (the confirmation is dropped),
 * with the emailed token and the partner.
 */
export const toResetRequest = (
  values: { password: string; passwordConfirm: string },
  token: string,
  partnerId: string,
) => ({ token, password: values.password, partnerId });

/**
 * `/reset-password?token=…`, the link of the reset email: a new password with the sign-up
 * rules. The reset does not sign in: back to `/` with a message.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { http, runtime } = useAppServices();
  const navigate = useNavigate();
  const toast = useToast();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useZodForm(signUpPasswordSchema, { password: '', passwordConfirm: '' });
  const report = useFormErrorReporter(form, ['password', 'passwordConfirm']);
  useLinkedFields(form, ['password', 'passwordConfirm']);
  const reset = useMutation({
    mutationFn: (values: { password: string; passwordConfirm: string }) =>
      resetPassword(http, toResetRequest(values, token, runtime.partnerId)),
    meta: { handlesOwnErrors: true },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      toast.showMessage(t('notifications.password_changed'), 'success');
      await navigate(paths.landing, { replace: true });
    } catch (error) {
      void report(error);
    }
  });
  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="reset-password">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('reset_password.title')}
          </Typography>
          {token ? (
            <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
              <NewPasswordFields
                control={form.control}
                passwordLabel={t('reset_password.password')}
                confirmLabel={t('reset_password.password_confirm')}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                loading={form.formState.isSubmitting}
              >
                {t('reset_password.submit')}
              </Button>
            </Box>
          ) : (
            <Alert severity="warning">{t('reset_password.missing_token')}</Alert>
          )}
          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to={paths.forgotPassword}>
              {t('reset_password.request_new')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
}
