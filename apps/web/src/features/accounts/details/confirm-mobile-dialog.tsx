import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { codeFormSchema } from '@tern/domain/accounts/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { BoundForm } from '../../../components/form/form.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { updateAccount } from '../../../core/session/account.ts';
import { CodeField } from '../code-field.tsx';

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
  const formId = useId();
  const form = useZodForm(codeFormSchema, { code: '' });
  return (
    <Dialog
      open
      title={t('my_details.mobile_code_title')}
      actions={
        <>
          <Button onClick={onDone}>{t('my_details.later')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            loading={form.formState.isSubmitting}
          >
            {t('my_details.mobile_code_submit')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('my_details.mobile_code_description', { number })}</Typography>
      <BoundForm
        id={formId}
        form={form}
        onSubmit={async ({ code }) => {
          const details = await api.call(accountsContracts.confirmMobile, {
            params: { id: userId },
            body: { code },
          });
          updateAccount(queryClient, userId, details);
          toast.showMessage(t('notifications.mobile_confirmed'), 'success');
          onDone();
        }}
        sx={{ display: 'block' }}
      >
        {() => <CodeField control={form.control} name="code" label={t('mfa.code')} />}
      </BoundForm>
    </Dialog>
  );
}
