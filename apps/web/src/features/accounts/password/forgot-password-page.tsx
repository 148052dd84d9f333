import { RESET_LINK_TTL_MS } from '@tern/domain/constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { forgotPasswordRequestSchema } from '@tern/domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppServices } from '../../../app/app-services.ts';
import { useFormErrorReporter } from '../../../app/errors/use-form-error-reporter.ts';
import { paths } from '../../../app/routing/paths.ts';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { forgotPassword } from '../api/password-api.ts';
import { EmailField } from '../email-field.tsx';

const schema = forgotPasswordRequestSchema.pick({ emailAddress: true });

/**
 * `/forgot-password`: asks for a reset link. The answer is the same whether or not the
 * address has an account, and so is the message (`reset_sent`).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { http, runtime } = useAppServices();
  const toast = useToast();
  const form = useZodForm(schema, { emailAddress: '' });
  const report = useFormErrorReporter(form, ['emailAddress']);
  const send = useMutation({
    mutationFn: (emailAddress: string) =>
      forgotPassword(http, { emailAddress, partnerId: runtime.partnerId }),
    meta: { handlesOwnErrors: true },
  });
  const onSubmit = form.handleSubmit(async ({ emailAddress }) => {
    try {
      await send.mutateAsync(emailAddress);
      toast.showMessage(t('notifications.reset_sent'), 'success');
    } catch (error) {
      void report(error);
    }
  });
  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="forgot-password">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('forgot_password.title')}
          </Typography>
          {send.isSuccess ? (
            // The toast says the link is on its way (reset_sent); this says what to do with it.
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('forgot_password.check_inbox', { minutes: RESET_LINK_TTL_MS / 60_000 })}
            </Alert>
          ) : (
            <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
              <Typography color="text.secondary">{t('forgot_password.description')}</Typography>
              <EmailField
                control={form.control}
                name="emailAddress"
                label={t('forgot_password.email')}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                loading={form.formState.isSubmitting}
              >
                {t('forgot_password.submit')}
              </Button>
            </Box>
          )}
          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to={paths.landing}>
              {t('forgot_password.back')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
}
