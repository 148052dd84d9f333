import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../core/app-services.ts';
import { useAccount } from '../../../core/session/account.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { CodeDialog } from '../code-dialog.tsx';
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
  return (
    <CodeDialog
      title={t('mfa.settings_title')}
      description={t('mfa.on_description')}
      submitLabel={t('mfa.disable')}
      submitColor="error"
      cancelLabel={t('mfa.cancel')}
      onCancel={onClose}
      dismissible
      onSubmit={async (code) => {
        await api.call(accountsContracts.setMfa, { body: { enabled: false, code } });
        setMfaFlag(queryClient, userId, false);
        toast.showMessage(t('notifications.mfa_disabled'), 'success');
        onClose();
      }}
    />
  );
}
