import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import {
  SUPPORT_BODY_MAX,
  SUPPORT_CATEGORIES,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_NAME_MAX,
  supportFormSchema,
  type SupportTicket,
} from '@tern/domain/accounts/support';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
import { localTimeWithOffset } from '@tern/domain/rules/local-time';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Form } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { SelectInput } from '../../../components/inputs/select-input.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { fullName, useAccount } from '../../../core/session/account.ts';
import { EmailField } from '../email-field.tsx';
import { PartnerMobileInput } from '../person-fields.tsx';
import { supportPrefillOf } from './support-link.ts';

/**
 * The support request of spec 1 §7 (`POST /platform/user/support/{partnerId}`, the api-key
 * only): open to anyone, prefilled with a signed-in person's name, email and mobile number,
 * and with the topic and subject a "contact support" link names (`supportLink`). Once sent,
 * the reference to quote takes the form's place.
 */
export default function SupportForm() {
  const { t, i18n } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const toast = useToast();
  const account = useAccount();
  const [ticket, setTicket] = useState<SupportTicket | null>(null);
  const [search] = useSearchParams();
  const defaults = useMemo(
    () => ({
      name: account ? fullName(account) : '',
      emailAddress: account?.emailAddress ?? '',
      contactNumber: account?.mobilePhoneNumber ?? '',
      ticketCategory: 'GENERAL',
      ticketSubject: '',
      ticketBody: '',
      ...supportPrefillOf(search),
    }),
    [account, search],
  );
  return (
    <Paper component="section" aria-labelledby="support-title" sx={{ p: { xs: 2, sm: 4 }, mt: 3 }}>
      <Typography id="support-title" variant="h5" component="h2" gutterBottom>
        {t('support.title')}
      </Typography>
      {ticket ? (
        <Alert severity="success" role="status">
          {t('support.sent', { reference: ticket.reference })}
        </Alert>
      ) : (
        <Form
          key={account?.id ?? 'visitor'}
          schema={supportFormSchema}
          defaultValues={defaults}
          onSubmit={async (values) => {
            const sent = await api.call(accountsContracts.support, {
              params: { partnerId: runtime.partnerId },
              body: {
                ...values,
                ticketType: 'support',
                // The sender's local time with its offset, so staff know the time of their day.
                localTime: localTimeWithOffset(new Date()),
                locale: account?.locale ?? localeOfLanguage(i18n.language),
              },
            });
            setTicket(sent);
            toast.showMessage(t('notifications.message_sent'), 'success');
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          {(form) => (
            <>
              <Typography color="text.secondary">{t('support.description')}</Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
                <TextInput
                  control={form.control}
                  name="name"
                  label={t('support.name')}
                  autoComplete="name"
                  maxLength={SUPPORT_NAME_MAX}
                  required
                />
                <EmailField
                  control={form.control}
                  name="emailAddress"
                  label={t('register.email')}
                />
              </Box>
              <PartnerMobileInput
                control={form.control}
                name="contactNumber"
                label={t('support.contact_number')}
                required
              />
              <SelectInput
                control={form.control}
                name="ticketCategory"
                label={t('support.category')}
                options={SUPPORT_CATEGORIES.map((category) => ({
                  value: category,
                  label: t(`support.categories.${category.toLowerCase()}`),
                }))}
                required
              />
              <TextInput
                control={form.control}
                name="ticketSubject"
                label={t('support.subject')}
                maxLength={SUPPORT_SUBJECT_MAX}
                required
              />
              <TextInput
                control={form.control}
                name="ticketBody"
                label={t('support.body')}
                maxLength={SUPPORT_BODY_MAX}
                multiline
                required
              />
              <SubmitButton sx={{ justifySelf: { sm: 'start' } }}>{t('support.send')}</SubmitButton>
            </>
          )}
        </Form>
      )}
    </Paper>
  );
}
