import { RESET_LINK_TTL_MS } from '@tern/domain/constants';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { forgotPasswordRequestSchema } from '@tern/domain/accounts/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { paths } from '../../../core/routing/paths.ts';
import { Form } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { EmailField } from '../email-field.tsx';
import { usePageTitle } from '../../../core/routing/page-title.ts';

const schema = forgotPasswordRequestSchema.pick({ emailAddress: true });

/**
 * `/forgot-password`: asks for a reset link. The answer is the same whether or not the
 * address has an account, and so is the message (`reset_sent`).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('forgot_password.title'));
  const { api, runtime } = useAppServices();
  const toast = useToast();
  const [sent, setSent] = useState(false);
  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="forgot-password">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('forgot_password.title')}
          </Typography>
          {sent ? (
            // The toast says the link is on its way (reset_sent); this says what to do with it.
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('forgot_password.check_inbox', { minutes: RESET_LINK_TTL_MS / 60_000 })}
            </Alert>
          ) : (
            <Form
              schema={schema}
              defaultValues={{ emailAddress: '' }}
              onSubmit={async ({ emailAddress }) => {
                await api.call(accountsContracts.forgotPassword, {
                  body: { emailAddress, partnerId: runtime.partnerId },
                });
                toast.showMessage(t('notifications.reset_sent'), 'success');
                setSent(true);
              }}
            >
              {(form) => (
                <>
                  <Typography color="text.secondary">{t('forgot_password.description')}</Typography>
                  <EmailField
                    control={form.control}
                    name="emailAddress"
                    label={t('forgot_password.email')}
                  />
                  <SubmitButton>{t('forgot_password.submit')}</SubmitButton>
                </>
              )}
            </Form>
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
