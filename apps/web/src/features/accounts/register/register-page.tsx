import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { paths } from '../../../core/routing/paths.ts';
import { useEstablishSession } from '../../../core/session/use-establish-session.ts';
import { BoundForm } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { MfaOfferDialog } from '../mfa/mfa-offer-dialog.tsx';
import { NewPasswordFields } from '../new-password-fields.tsx';
import { registerFormSchema, type RegisterFormValues } from '@tern/domain/accounts/schemas';
import {
  emptyRegisterForm,
  persistedPart,
  registerFormStore,
  toRegisterRequest,
} from './register-form.ts';
import { EmailField } from '../email-field.tsx';
import { NameFields, PartnerMobileInput } from '../person-fields.tsx';
import { usePageTitle } from '../../../core/routing/page-title.ts';

/**
 * `/register`: a new account, signed in at once (spec 1 §4), then the MFA offer when the
 * partner asks for it. The values typed so far, except the passwords, survive a reload.
 */
export default function RegisterPage() {
  const { t, i18n } = useTranslation('accounts');
  usePageTitle(t('register.title'));
  const { api, runtime, themeConfig } = useAppServices();
  const { registration, defaultLocale } = themeConfig.config;
  const navigate = useNavigate();
  const toast = useToast();
  const establish = useEstablishSession();
  const schema = useMemo(
    () => registerFormSchema(registration.policyMandatory),
    [registration.policyMandatory],
  );
  const [initialValues] = useState<RegisterFormValues>(() => ({
    ...emptyRegisterForm,
    ...registerFormStore.read(),
  }));
  // Made here, not by <Form>: the values typed so far are kept as they change.
  const form = useZodForm(schema, initialValues);
  const [offerMfa, setOfferMfa] = useState(false);

  useEffect(() => {
    const subscription = form.watch((values) => registerFormStore.write(persistedPart(values)));
    return () => subscription.unsubscribe();
  }, [form]);

  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="register">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('register.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('register.description')}
          </Typography>
          <BoundForm
            form={form}
            linked={['password', 'passwordConfirm']}
            onSubmit={async (values) => {
              const session = await api.call(accountsContracts.register, {
                params: { partnerId: runtime.partnerId },
                body: toRegisterRequest(values, { language: i18n.language, defaultLocale }),
              });
              registerFormStore.remove();
              await establish(session);
              toast.showMessage(t('notifications.account_created'), 'success');
              if (registration.mfa) setOfferMfa(true);
              else await navigate(paths.dashboard, { replace: true });
            }}
          >
            {() => (
              <>
                <NameFields control={form.control} />
                <EmailField
                  control={form.control}
                  name="emailAddress"
                  label={t('register.email')}
                />
                <PartnerMobileInput
                  control={form.control}
                  name="mobilePhoneNumber"
                  label={t('register.mobile')}
                  required
                />
                <TextInput
                  control={form.control}
                  name="policyNumber"
                  label={t('register.policy_number')}
                  helperText={t(
                    registration.policyMandatory
                      ? 'register.policy_number_help'
                      : 'register.policy_number_optional',
                  )}
                  required={registration.policyMandatory}
                />
                <NewPasswordFields
                  control={form.control}
                  passwordLabel={t('register.password')}
                  confirmLabel={t('register.password_confirm')}
                />
                <SubmitButton>{t('register.submit')}</SubmitButton>
                <Typography sx={{ textAlign: 'center' }}>
                  {t('register.have_account')}{' '}
                  <Link component={RouterLink} to={paths.landing}>
                    {t('register.sign_in')}
                  </Link>
                </Typography>
              </>
            )}
          </BoundForm>
        </CardContent>
      </Card>
      {offerMfa ? (
        <MfaOfferDialog
          label={form.getValues('emailAddress')}
          skipAllowed={registration.mfaSkip}
          onDone={() => void navigate(paths.dashboard, { replace: true })}
        />
      ) : null}
    </Container>
  );
}
