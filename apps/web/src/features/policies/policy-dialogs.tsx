import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { policiesContracts } from '@tern/domain/policies/contracts';
import { addPolicyFormSchema, type Policy } from '@tern/domain/policies/schemas';
import { POLICY_NUMBER_MAX } from '@tern/domain/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { BoundForm } from '../../components/form/form.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useSession } from '../../core/session/use-logged-in.ts';
import { policiesDataset } from './datasets.ts';

/**
 * Add a policy to the account by the number the partner gave
 * (`PUT /platform/users/{id}/policies/{policyNumber}`): a number unknown, ended or already
 * used shows its error on the field.
 */
export function AddPolicyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('policies');
  const { api } = useAppServices();
  const userId = useSession()?.userId ?? '';
  const refresh = useRefreshDataset(policiesDataset);
  const toast = useToast();
  const formId = useId();
  const form = useZodForm(addPolicyFormSchema, { policyNumber: '' });
  return (
    <Dialog
      open
      title={t('add.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('add.close')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            loading={form.formState.isSubmitting}
          >
            {t('add.submit')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('add.lead')}</Typography>
      <BoundForm
        id={formId}
        form={form}
        onSubmit={async ({ policyNumber }) => {
          const policy = await api.call(policiesContracts.attach, {
            params: { id: userId, policyNumber },
          });
          await refresh();
          toast.showMessage(
            t('notifications.policy_added', { number: policy.externalPolicyNumber }),
            'success',
          );
          onClose();
        }}
        sx={{ display: 'block' }}
      >
        {() => (
          <TextInput
            control={form.control}
            name="policyNumber"
            label={t('add.number')}
            required
            maxLength={POLICY_NUMBER_MAX}
            autoComplete="off"
          />
        )}
      </BoundForm>
    </Dialog>
  );
}

/**
 * Cancel a policy, for staff acting for the customer: a partner-level call
 * (`DELETE /platform/partners/{partnerId}/policies/{policyNumber}`), after a yes / no.
 */
export function CancelPolicyDialog({ policy, onClose }: { policy: Policy; onClose: () => void }) {
  const { t } = useTranslation('policies');
  const { api, runtime } = useAppServices();
  const refresh = useRefreshDataset(policiesDataset);
  const toast = useToast();
  return (
    <ConfirmDialog
      title={t('cancel.title', { number: policy.externalPolicyNumber })}
      yesLabel={t('cancel.confirm')}
      noLabel={t('cancel.keep')}
      onNo={onClose}
      onYes={async () => {
        await api.call(policiesContracts.cancel, {
          params: { partnerId: runtime.partnerId, policyNumber: policy.externalPolicyNumber },
        });
        await refresh();
        toast.showMessage(t('notifications.insurance_cancel'), 'success');
        onClose();
      }}
    >
      {t('cancel.body')}
    </ConfirmDialog>
  );
}
