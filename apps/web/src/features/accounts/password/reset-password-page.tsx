import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { signUpPasswordSchema } from '@tern/domain/rules/password';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { paths } from '../../../core/routing/paths.ts';
import { Form } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { accountsPaths } from '../paths.ts';
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
export default function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const navigate = useNavigate();
  const toast = useToast();
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="reset-password">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('reset_password.title')}
          </Typography>
          {token ? (
            <Form
              schema={signUpPasswordSchema}
              defaultValues={{ password: '', passwordConfirm: '' }}
              linked={['password', 'passwordConfirm']}
              onSubmit={async (values) => {
                await api.call(accountsContracts.resetPassword, {
                  body: toResetRequest(values, token, runtime.partnerId),
                });
                toast.showMessage(t('notifications.password_changed'), 'success');
                await navigate(paths.landing, { replace: true });
              }}
            >
              {(form) => (
                <>
                  <NewPasswordFields
                    control={form.control}
                    passwordLabel={t('reset_password.password')}
                    confirmLabel={t('reset_password.password_confirm')}
                  />
                  <SubmitButton>{t('reset_password.submit')}</SubmitButton>
                </>
              )}
            </Form>
          ) : (
            <Alert severity="warning">{t('reset_password.missing_token')}</Alert>
          )}
          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to={accountsPaths.forgotPassword}>
              {t('reset_password.request_new')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
}
