import Box from '@mui/material/Box';
import { EMAIL_MAX_LENGTH, LINK_TTL_DAYS } from '@tern/domain/constants';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import {
  STAFF_ROLES,
  staffInviteFormSchema,
  type StaffInviteFormValues,
} from '@tern/domain/accounts/staff';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { SelectInput } from '../../../components/inputs/select-input.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { useRoleLabel } from './role-label.ts';

/**
 * Invites an agent or an administrator: the API emails them the link invitation that opens
 * enrolment, where they choose their password. An address the partner already has an account
 * for is refused on its field.
 */
export function InviteStaffDialog({
  onDone,
  onCancel,
}: {
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const toast = useToast();
  const roleLabel = useRoleLabel();
  const form = useZodForm(staffInviteFormSchema, {
    firstName: '',
    surname: '',
    emailAddress: '',
    role: 'AGENT',
  } satisfies StaffInviteFormValues);
  return (
    <FormDialog
      title={t('admin.invite_title')}
      lead={t('admin.invite_lead', { days: LINK_TTL_DAYS })}
      form={form}
      submitLabel={t('admin.send_invitation')}
      cancelLabel={t('admin.cancel')}
      onCancel={onCancel}
      onSubmit={async (values) => {
        const invited = await api.call(accountsContracts.inviteStaff, {
          params: { partnerId: runtime.partnerId },
          body: values,
        });
        toast.showMessage(t('admin.invited', { email: invited.emailAddress }), 'success');
        onDone();
      }}
    >
      {/* Someone else's details: the browser must not fill in the ADMIN's own. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextInput
          control={form.control}
          name="firstName"
          label={t('register.first_name')}
          autoComplete="off"
          required
        />
        <TextInput
          control={form.control}
          name="surname"
          label={t('register.surname')}
          autoComplete="off"
          required
        />
      </Box>
      <TextInput
        control={form.control}
        name="emailAddress"
        type="email"
        label={t('register.email')}
        autoComplete="off"
        maxLength={EMAIL_MAX_LENGTH}
        required
      />
      <SelectInput
        control={form.control}
        name="role"
        label={t('admin.role')}
        options={STAFF_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
        required
      />
    </FormDialog>
  );
}
