import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { enrolFormSchema, type LinkInvitation } from '@tern/domain/accounts/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { BoundForm } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { useErrorHandler } from '../../../core/errors/error-handler-context.ts';
import { usePageTitle } from '../../../core/routing/page-title.ts';
import { paths } from '../../../core/routing/paths.ts';
import { updateAccount } from '../../../core/session/account.ts';
import { useEstablishSession } from '../../../core/session/use-establish-session.ts';
import { ApiRequestError } from '../../../lib/api-request-error.ts';
import { ConfirmMobileDialog } from '../details/confirm-mobile-dialog.tsx';
import { NewPasswordFields } from '../new-password-fields.tsx';
import { NameFields, PartnerMobileInput } from '../person-fields.tsx';
import { signUpLocale } from '../register/register-form.ts';

type Lookup =
  { state: 'loading' } | { state: 'missing' } | { state: 'ready'; invitation: LinkInvitation };

/**
 * `/link/{linkId}` (spec 1 §4 "Link invitation"): a used link shows the LINK_ALREADY_USED
 * warning and returns to `/`, as does an inactive one; otherwise the invitation prefills
 * enrolment, which creates the account with its email and policy, signs in, and then sets
 * the mobile number (`PATCH /platform/users/{id}`; a changed one is confirmed by its code).
 */
export default function EnrolPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('enrol.title'));
  const { linkId = '' } = useParams();
  const { api } = useAppServices();
  const navigate = useNavigate();
  const toast = useToast();
  const handleError = useErrorHandler();
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(accountsContracts.link, { params: { linkId } }, { signal: controller.signal })
      .then((invitation) => {
        if (invitation.active === 1) return setLookup({ state: 'ready', invitation });
        toast.showMessage(t('enrol.inactive'), 'warning');
        void navigate(paths.landing, { replace: true });
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.code === 'LINK_ALREADY_USED') {
          // The catalogue's warning, then home (spec 1 §8).
          await handleError(error);
          void navigate(paths.landing, { replace: true });
          return;
        }
        setLookup({ state: 'missing' });
        // A bad or unknown link is said on the page; anything else goes to the handler too.
        if (!(error instanceof ApiRequestError && error.status < 500)) void handleError(error);
      });
    return () => controller.abort();
  }, [api, linkId, navigate, toast, t, handleError]);

  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="enrol">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('enrol.title')}
          </Typography>
          {lookup.state === 'loading' ? (
            <div role="progressbar" aria-busy="true" aria-label={t('enrol.loading')}>
              <Skeleton height={56} />
              <Skeleton height={56} />
              <Skeleton height={56} />
            </div>
          ) : lookup.state === 'missing' ? (
            <>
              <Typography role="alert" sx={{ mb: 2 }}>
                {t('enrol.not_found')}
              </Typography>
              <Button variant="contained" component={RouterLink} to={paths.landing}>
                {t('enrol.go_home')}
              </Button>
            </>
          ) : (
            <EnrolForm linkId={linkId} invitation={lookup.invitation} />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}

function EnrolForm({ linkId, invitation }: { linkId: string; invitation: LinkInvitation }) {
  const { t, i18n } = useTranslation('accounts');
  const { api, themeConfig } = useAppServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const establish = useEstablishSession();
  const [confirming, setConfirming] = useState<{ userId: string; number: string } | null>(null);
  const form = useZodForm(enrolFormSchema, {
    firstName: invitation.firstName,
    surname: invitation.surname,
    mobilePhoneNumber: invitation.mobilePhoneNumber,
    password: '',
    passwordConfirm: '',
  });
  const done = () => void navigate(paths.dashboard, { replace: true });
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('enrol.lead', { partner: themeConfig.branding.name })}
      </Typography>
      <BoundForm
        form={form}
        linked={['password', 'passwordConfirm']}
        onSubmit={async (values) => {
          const session = await api.call(accountsContracts.enrol, {
            params: { linkId },
            body: {
              firstName: values.firstName,
              surname: values.surname,
              password: values.password,
              locale: signUpLocale(i18n.language, themeConfig.config.defaultLocale),
              commsSms: true,
            },
          });
          await establish(session);
          // Spec 1 §7: enrolment, then the mobile number (unchanged: nothing to confirm).
          const details = await api.call(accountsContracts.update, {
            params: { id: session.userId },
            body: { mobilePhoneNumber: values.mobilePhoneNumber, password: values.password },
          });
          updateAccount(queryClient, session.userId, details);
          // A staff member's invitation brings no policy.
          toast.showMessage(
            t(
              invitation.externalPolicyNumber
                ? 'notifications.enrolled'
                : 'notifications.account_created',
            ),
            'success',
          );
          if (details.mobileConfirmed) done();
          else
            setConfirming({
              userId: session.userId,
              number: details.mobilePhoneNumber ?? values.mobilePhoneNumber,
            });
        }}
      >
        {() => (
          <>
            <NameFields control={form.control} />
            <TextField
              label={t('register.email')}
              value={invitation.emailAddress}
              helperText={t('enrol.email_help')}
              slotProps={{ input: { readOnly: true } }}
            />
            <PartnerMobileInput
              control={form.control}
              name="mobilePhoneNumber"
              label={t('register.mobile')}
              required
            />
            {invitation.externalPolicyNumber ? (
              <Typography>
                {t('enrol.policy', { number: invitation.externalPolicyNumber })}
              </Typography>
            ) : null}
            <NewPasswordFields
              control={form.control}
              passwordLabel={t('register.password')}
              confirmLabel={t('register.password_confirm')}
            />
            <SubmitButton>{t('enrol.submit')}</SubmitButton>
          </>
        )}
      </BoundForm>
      {confirming ? (
        <ConfirmMobileDialog userId={confirming.userId} number={confirming.number} onDone={done} />
      ) : null}
    </>
  );
}
