import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { codeFormSchema } from '@tern/domain/accounts/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../core/app-services.ts';
import { useAccount } from '../../../core/session/account.ts';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { BoundForm } from '../../../components/form/form.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { CodeField } from '../code-field.tsx';
import { MfaOfferDialog } from './mfa-offer-dialog.tsx';
import { setMfaFlag } from './set-mfa-flag.ts';

/**
 * Two-step verification from the user menu, for a user who skipped it at registration or
 * wants it off: with MFA off, the set-up dialog (Cancel instead of Skip); with MFA on, a code
 * from the authenticator turns it off (the API asks for it, so a stolen session cannot).
 */
export default function MfaSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const account = useAccount();
  if (!account) return null;
  if (!account.mfaEnabled)
    return (
      <MfaOfferDialog
        label={account.emailAddress}
        skipAllowed
        title={t('mfa.settings_title')}
        skipLabel={t('mfa.cancel')}
        onDone={onClose}
      />
    );
  return <TurnOffDialog userId={account.id} onClose={onClose} />;
}

function TurnOffDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  const queryClient = useQueryClient();
  const toast = useToast();
  const formId = useId();
  // Made here: the dialog's actions show whether it is submitting.
  const form = useZodForm(codeFormSchema, { code: '' });

  return (
    <Dialog
      open
      title={t('mfa.settings_title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('mfa.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            color="error"
            loading={form.formState.isSubmitting}
          >
            {t('mfa.disable')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('mfa.on_description')}</Typography>
      <BoundForm
        id={formId}
        form={form}
        onSubmit={async ({ code }) => {
          await api.call(accountsContracts.setMfa, { body: { enabled: false, code } });
          setMfaFlag(queryClient, userId, false);
          toast.showMessage(t('notifications.mfa_disabled'), 'success');
          onClose();
        }}
        sx={{ display: 'block' }}
      >
        {() => <CodeField control={form.control} name="code" label={t('mfa.code')} />}
      </BoundForm>
    </Dialog>
  );
}
