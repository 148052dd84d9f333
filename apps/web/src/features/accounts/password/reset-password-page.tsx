import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { signUpPasswordSchema } from '@tern/domain/rules/password';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { ApiRequestError } from '../../../lib/api-request-error.ts';
import { paths } from '../../../core/routing/paths.ts';
import { Form } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { accountsPaths } from '../paths.ts';
import { NewPasswordFields } from '../new-password-fields.tsx';
import { usePageTitle } from '../../../core/routing/page-title.ts';

/**
 * The reset call's payload (spec 1 §7): the new password only (the confirmation is dropped),
 * with the emailed token and the partner.
 */
const toResetRequest = (
  values: { password: string; passwordConfirm: string },
  token: string,
  partnerId: string,
) => ({ token, password: values.password, partnerId });

/** Why a link cannot be used, as its page says it: used or replaced, else expired. */
const linkProblem = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'RESET_LINK_USED'
    ? 'errors.reset_link_used'
    : 'errors.expired_code';

/** What is wrong with the link, and the way to a new one. */
function LinkUnusable({ message }: { message: string }) {
  const { t } = useTranslation('accounts');
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to={accountsPaths.forgotPassword} color="inherit">
          {t('reset_password.request_new')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * `/reset-password?token=…`, the link of the reset email. The link is checked as the page
 * opens: one already used (or another link of the user was) or expired says so, with the way to a
 * new link, rather than failing after the form is filled. Then a new password with the
 * sign-up rules; the reset does not sign in: back to `/` with a message.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('reset_password.title'));
  const { api, runtime } = useAppServices();
  const navigate = useNavigate();
  const toast = useToast();
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useQuery({
    queryKey: [accountsContracts.checkResetLink.id, token],
    queryFn: ({ signal }) =>
      api.call(
        accountsContracts.checkResetLink,
        { body: { token, partnerId: runtime.partnerId } },
        { signal },
      ),
    enabled: token !== '',
    retry: false,
    // The page says what is wrong with the link itself.
    meta: { silent: true },
  });
  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="reset-password">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('reset_password.title')}
          </Typography>
          {!token ? (
            <LinkUnusable message={t('reset_password.missing_token')} />
          ) : link.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress size={28} aria-label={t('app.loading')} />
            </Box>
          ) : link.isError ? (
            <LinkUnusable message={t(linkProblem(link.error))} />
          ) : (
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
          )}
          {link.isSuccess ? (
            <Typography sx={{ mt: 3, textAlign: 'center' }}>
              <Link component={RouterLink} to={accountsPaths.forgotPassword}>
                {t('reset_password.request_new')}
              </Link>
            </Typography>
          ) : null}
        </CardContent>
      </Card>
    </Container>
  );
}
