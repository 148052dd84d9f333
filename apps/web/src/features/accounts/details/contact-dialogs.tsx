import { accountsContracts } from '@tern/domain/accounts/contracts';
import {
  changeEmailFormSchema,
  changeMobileFormSchema,
  type UserDetails,
} from '@tern/domain/accounts/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { updateAccount } from '../../../core/session/account.ts';
import { CodeDialog } from '../code-dialog.tsx';
import { EmailField } from '../email-field.tsx';
import { PartnerMobileInput } from '../person-fields.tsx';
import { ProofField } from '../proof-field.tsx';

/** The holder's proof a change asks for: the authenticator's code with MFA on, else the password. */
const proofOf = (
  values: { password?: string | undefined; code?: string | undefined },
  mfa: boolean,
) => (mfa ? { code: values.code } : { password: values.password });

/**
 * Change the sign-in email (spec 1 §7 changeEmail): the new address and the holder's proof;
 * then the code emailed to the new address, which makes it the account's.
 */
export function ChangeEmailDialog({
  account,
  onClose,
}: {
  account: UserDetails;
  onClose: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(changeEmailFormSchema(account.mfaEnabled), {
    emailAddress: '',
    password: '',
    code: '',
  });
  if (sentTo)
    return (
      <CodeDialog
        title={t('my_details.email_code_title')}
        description={t('my_details.email_code_description', { email: sentTo })}
        submitLabel={t('my_details.mobile_code_submit')}
        cancelLabel={t('my_details.cancel')}
        onCancel={onClose}
        onSubmit={async (code) => {
          const details = await api.call(accountsContracts.confirmEmail, {
            params: { id: account.id },
            body: { code },
          });
          updateAccount(queryClient, account.id, details);
          toast.showMessage(
            t('notifications.email_changed', { email: details.emailAddress }),
            'success',
          );
          onClose();
        }}
      />
    );
  return (
    <FormDialog
      title={t('my_details.email_title')}
      lead={t('my_details.email_lead', { current: account.emailAddress })}
      form={form}
      submitLabel={t('my_details.email_send')}
      cancelLabel={t('my_details.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        const pending = await api.call(accountsContracts.changeEmail, {
          params: { id: account.id },
          body: { emailAddress: values.emailAddress, ...proofOf(values, account.mfaEnabled) },
        });
        setSentTo(pending.emailAddress);
      }}
    >
      <EmailField control={form.control} name="emailAddress" label={t('my_details.email_new')} />
      <ProofField control={form.control} mfa={account.mfaEnabled} />
    </FormDialog>
  );
}

/**
 * Change the mobile number one-time codes go to: the new number and the holder's proof
 * (`PATCH /platform/users/{id}`); `onChanged` then asks for the code texted to it.
 */
export function ChangeMobileDialog({
  account,
  onClose,
  onChanged,
}: {
  account: UserDetails;
  onClose: () => void;
  onChanged: (number: string) => void;
}) {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  const queryClient = useQueryClient();
  const form = useZodForm(changeMobileFormSchema(account.mfaEnabled), {
    mobilePhoneNumber: account.mobilePhoneNumber ?? '',
    password: '',
    code: '',
  });
  return (
    <FormDialog
      title={t('my_details.mobile_title')}
      lead={t('my_details.mobile_lead')}
      form={form}
      submitLabel={t('my_details.mobile_save')}
      cancelLabel={t('my_details.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        const saved = await api.call(accountsContracts.update, {
          params: { id: account.id },
          body: {
            mobilePhoneNumber: values.mobilePhoneNumber,
            ...proofOf(values, account.mfaEnabled),
          },
        });
        updateAccount(queryClient, account.id, saved);
        if (saved.mobileConfirmed) onClose();
        else onChanged(saved.mobilePhoneNumber ?? values.mobilePhoneNumber);
      }}
    >
      <PartnerMobileInput
        control={form.control}
        name="mobilePhoneNumber"
        label={t('my_details.mobile_new')}
        required
      />
      <ProofField control={form.control} mfa={account.mfaEnabled} />
    </FormDialog>
  );
}
