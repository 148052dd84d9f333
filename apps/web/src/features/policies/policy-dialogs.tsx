import { policiesContracts } from '@tern/domain/policies/contracts';
import { addPolicyFormSchema, type Policy } from '@tern/domain/policies/schemas';
import { POLICY_NUMBER_MAX } from '@tern/domain/constants';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
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
  const form = useZodForm(addPolicyFormSchema, { policyNumber: '' });
  return (
    <FormDialog
      title={t('add.title')}
      lead={t('add.lead')}
      form={form}
      submitLabel={t('add.submit')}
      cancelLabel={t('add.close')}
      onCancel={onClose}
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
    >
      <TextInput
        control={form.control}
        name="policyNumber"
        label={t('add.number')}
        required
        maxLength={POLICY_NUMBER_MAX}
        autoComplete="off"
      />
    </FormDialog>
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
