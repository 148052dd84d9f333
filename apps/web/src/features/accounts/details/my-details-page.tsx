import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import {
  commsFormOf,
  commsUpdateOf,
  myDetailsFormSchema,
  NO_MARKETING,
  type MyDetailsFormValues,
  type UserDetails,
} from '@tern/domain/accounts/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BoundForm } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { CheckboxListInput } from '../../../components/inputs/checkbox-list-input.tsx';
import { RadioGroupInput } from '../../../components/inputs/radio-group-input.tsx';
import { Page } from '../../../components/page/page.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { paths } from '../../../core/routing/paths.ts';
import { updateAccount, useAccount } from '../../../core/session/account.ts';
import { useAccess } from '../../../core/session/use-access.ts';
import { NameFields } from '../person-fields.tsx';
import { ConfirmMobileDialog } from './confirm-mobile-dialog.tsx';
import { ChangeEmailDialog, ChangeMobileDialog } from './contact-dialogs.tsx';

const formValuesOf = (account: UserDetails): MyDetailsFormValues => ({
  firstName: account.firstName,
  surname: account.surname,
  comms: commsFormOf(account.comms),
});

/**
 * `/my-details` (spec 1 §2, §7): names, mobile number and the messages the user wants, saved
 * with `PATCH /platform/users/{id}`; then `my_details_update` and the dashboard. The sign-in
 * email and the language are shown, not edited here. Fields the login role may not write are
 * disabled (spec 1 §5), and the mobile number, a way to sign in, only its holder changes. A
 * changed number is confirmed with the code texted to it.
 */
export default function MyDetailsPage() {
  const { t } = useTranslation('accounts');
  const account = useAccount();
  return (
    <Page title={t('my_details.title')} lead={t('my_details.description')} testId="my-details">
      {account ? <DetailsForm account={account} /> : null}
    </Page>
  );
}

function DetailsForm({ account }: { account: UserDetails }) {
  const { t, i18n } = useTranslation('accounts');
  const { api, themeConfig } = useAppServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const access = useAccess();
  const [form] = useState(() => formValuesOf(account));
  const details = useZodForm(myDetailsFormSchema, form);
  const [open, setOpen] = useState<'email' | 'mobile' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const locked = (field: string) => access.isLocked(field);
  // Ways to sign in: the account holder's alone (an acting agent sees them, read-only).
  const mobileLocked = locked('mobilePhoneNumber') || access.acting;
  const emailLocked = locked('emailAddress') || access.acting;
  const language = new Intl.DisplayNames([i18n.language], { type: 'language' }).of(
    account.language.toLowerCase(),
  );

  return (
    <>
      <BoundForm
        form={details}
        onSubmit={async (values) => {
          const saved = await api.call(accountsContracts.update, {
            params: { id: account.id },
            body: {
              firstName: values.firstName,
              surname: values.surname,
              comms: commsUpdateOf(values.comms),
            },
          });
          updateAccount(queryClient, account.id, saved);
          toast.showMessage(t('notifications.my_details_update'), 'success');
          await navigate(paths.dashboard);
        }}
        sx={{ display: 'grid', gap: 3 }}
      >
        {() => (
          <>
            <Card variant="outlined" component="section" aria-labelledby="details-you">
              <CardContent sx={{ display: 'grid', gap: 2 }}>
                <Typography id="details-you" variant="h6" component="h2">
                  {t('my_details.you')}
                </Typography>
                {account.employee === 1 ? (
                  <Chip
                    label={t('my_details.employee', { name: themeConfig.branding.name })}
                    sx={{ justifySelf: 'start' }}
                  />
                ) : null}
                <NameFields control={details.control} disabled={locked} />
                <ContactPoint
                  label={t('register.mobile')}
                  value={account.mobilePhoneNumber ?? t('my_details.not_given')}
                  helperText={access.acting ? t('my_details.holder_only') : undefined}
                  action={t('my_details.change_mobile')}
                  onChange={mobileLocked ? undefined : () => setOpen('mobile')}
                />
                <ContactPoint
                  label={t('register.email')}
                  value={account.emailAddress}
                  helperText={t('my_details.email_help')}
                  action={t('my_details.change_email')}
                  onChange={emailLocked ? undefined : () => setOpen('email')}
                />
                <TextField
                  label={t('my_details.language')}
                  value={language ?? account.language}
                  helperText={t('my_details.language_help')}
                  slotProps={{ input: { readOnly: true } }}
                />
              </CardContent>
            </Card>
            <Card variant="outlined" component="section" aria-labelledby="details-comms">
              <CardContent sx={{ display: 'grid', gap: 2 }}>
                <Typography id="details-comms" variant="h6" component="h2">
                  {t('my_details.comms_title')}
                </Typography>
                <CheckboxListInput
                  control={details.control}
                  name="comms.transactional"
                  label={t('my_details.transactional')}
                  helperText={t('my_details.transactional_help')}
                  options={[
                    { value: 'TRANSACTIONAL_EMAIL', label: t('my_details.by_email'), fixed: true },
                    { value: 'TRANSACTIONAL_SMS', label: t('my_details.by_sms') },
                  ]}
                  disabled={locked('comms')}
                />
                <RadioGroupInput
                  control={details.control}
                  name="comms.marketing"
                  label={t('my_details.marketing')}
                  options={[
                    { value: NO_MARKETING, label: t('my_details.no_marketing') },
                    { value: 'MARKETING_EMAIL', label: t('my_details.by_email') },
                    { value: 'MARKETING_SMS', label: t('my_details.by_sms') },
                  ]}
                  disabled={locked('comms')}
                />
              </CardContent>
            </Card>
            <SubmitButton sx={{ justifySelf: { sm: 'start' } }}>
              {t('my_details.save')}
            </SubmitButton>
          </>
        )}
      </BoundForm>
      {open === 'email' ? (
        <ChangeEmailDialog account={account} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'mobile' ? (
        <ChangeMobileDialog
          account={account}
          onClose={() => setOpen(null)}
          onChanged={(number) => {
            setOpen(null);
            setConfirming(number);
          }}
        />
      ) : null}
      {confirming ? (
        <ConfirmMobileDialog
          userId={account.id}
          number={confirming}
          onDone={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}

/** A way to sign in, shown read-only, with the button that opens its change dialog. */
function ContactPoint({
  label,
  value,
  helperText,
  action,
  onChange,
}: {
  label: string;
  value: string;
  helperText?: string | undefined;
  action: string;
  onChange: (() => void) | undefined;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label={label}
        value={value}
        {...(helperText ? { helperText } : {})}
        slotProps={{ input: { readOnly: true } }}
        sx={{ flex: '1 1 16rem' }}
      />
      {onChange ? (
        <Button variant="outlined" onClick={onChange} sx={{ mt: 1 }}>
          {action}
        </Button>
      ) : null}
    </Box>
  );
}
