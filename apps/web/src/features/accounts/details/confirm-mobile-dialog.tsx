import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { updateAccount } from '../../../core/session/account.ts';
import { CodeDialog } from '../code-dialog.tsx';

/**
 * After the mobile number changed: the code texted to the new number confirms it, so one-time
 * sign-in codes may go to it. "Later" leaves it unconfirmed (a code can be asked for again).
 */
export function ConfirmMobileDialog({
  userId,
  number,
  onDone,
}: {
  userId: string;
  number: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  const queryClient = useQueryClient();
  const toast = useToast();
  return (
    <CodeDialog
      title={t('my_details.mobile_code_title')}
      description={t('my_details.mobile_code_description', { number })}
      submitLabel={t('my_details.mobile_code_submit')}
      cancelLabel={t('my_details.later')}
      onCancel={onDone}
      onSubmit={async (code) => {
        const details = await api.call(accountsContracts.confirmMobile, {
          params: { id: userId },
          body: { code },
        });
        updateAccount(queryClient, userId, details);
        toast.showMessage(t('notifications.mobile_confirmed'), 'success');
        onDone();
      }}
    />
  );
}
