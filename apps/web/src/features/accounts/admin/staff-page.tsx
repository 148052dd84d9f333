import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { isStaffRole, type StaffMember } from '@tern/domain/accounts/staff';
import { formatDateTimeUtc } from '@tern/domain/i18n/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { LoadState } from '../../../components/page/load-state.tsx';
import { ResponsiveTable, type Column } from '../../../components/table/responsive-table.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { fullName } from '../../../core/session/account.ts';
import { AdminPage } from './admin-page.tsx';
import { InviteStaffDialog } from './invite-staff-dialog.tsx';
import { useRoleLabel } from './role-label.ts';
import { useStaff } from './use-staff.ts';

/**
 * `/admin/staff`, the admin console's staff page: the partner's agents and administrators
 * with their status and last sign-in, the invitations not yet used, Invite someone, and
 * disable or enable an account after a yes / no (never one's own).
 */
export default function StaffPage() {
  const { t } = useTranslation('accounts');
  const { branding } = useAppServices().themeConfig;
  return (
    <AdminPage
      title={t('admin.staff_title')}
      lead={t('admin.staff_lead', { partner: branding.name })}
      testId="staff-page"
    >
      <Staff />
    </AdminPage>
  );
}

const STATUS_COLOUR = { ACTIVE: 'success', DISABLED: 'default', INVITED: 'info' } as const;

function Staff() {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const toast = useToast();
  const roleLabel = useRoleLabel();
  const staff = useStaff();
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<StaffMember | null>(null);
  const members = staff.data ?? [];

  const change = async (member: StaffMember) => {
    const disabled = member.status === 'ACTIVE';
    await api.call(accountsContracts.updateStaff, {
      params: { partnerId: runtime.partnerId, userId: member.id },
      body: { disabled },
    });
    await staff.refresh();
    setChanging(null);
    toast.showMessage(
      t(disabled ? 'admin.disabled_done' : 'admin.enabled_done', { name: fullName(member) }),
      'success',
    );
  };

  const columns: Column<StaffMember>[] = [
    {
      key: 'name',
      label: t('admin.col_name'),
      render: (member) =>
        member.id === staff.adminId ? t('admin.you', { name: fullName(member) }) : fullName(member),
    },
    { key: 'email', label: t('admin.col_email'), render: (member) => member.emailAddress },
    {
      key: 'role',
      label: t('admin.col_role'),
      render: (member) => member.roles.filter(isStaffRole).map(roleLabel).join(', '),
    },
    {
      key: 'status',
      label: t('admin.col_status'),
      render: (member) => (
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOUR[member.status]}
          label={t(`admin.status_${member.status.toLowerCase()}`)}
        />
      ),
    },
    {
      key: 'signIn',
      label: t('admin.col_last_sign_in'),
      render: (member) =>
        member.invitationExpiresAt
          ? t('admin.invited_until', { date: formatDateTimeUtc(member.invitationExpiresAt) })
          : member.lastSignInAt
            ? formatDateTimeUtc(member.lastSignInAt)
            : t('admin.never'),
    },
    {
      key: 'actions',
      label: t('admin.col_actions'),
      render: (member) =>
        member.status === 'INVITED' || member.id === staff.adminId ? null : (
          <Button
            size="small"
            variant="outlined"
            color={member.status === 'ACTIVE' ? 'error' : 'primary'}
            aria-label={t(member.status === 'ACTIVE' ? 'admin.disable_name' : 'admin.enable_name', {
              name: fullName(member),
            })}
            onClick={() => setChanging(member)}
          >
            {t(member.status === 'ACTIVE' ? 'admin.disable' : 'admin.enable')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" onClick={() => setInviting(true)}>
          {t('admin.invite')}
        </Button>
      </Box>
      <LoadState
        loaded={staff.data !== undefined}
        failed={staff.isError}
        rowHeight={56}
        onRetry={() => void staff.refetch()}
      >
        {members.length === 0 ? (
          <Typography role="status">{t('admin.no_staff')}</Typography>
        ) : (
          <ResponsiveTable
            label={t('admin.staff_list')}
            columns={columns}
            rows={members}
            rowKey={(member) => member.id}
          />
        )}
      </LoadState>
      {inviting ? (
        <InviteStaffDialog
          onCancel={() => setInviting(false)}
          onDone={() => {
            setInviting(false);
            void staff.refresh();
          }}
        />
      ) : null}
      {changing ? (
        <ConfirmDialog
          title={t(changing.status === 'ACTIVE' ? 'admin.disable_title' : 'admin.enable_title', {
            name: fullName(changing),
          })}
          yesLabel={t(changing.status === 'ACTIVE' ? 'admin.disable' : 'admin.enable')}
          noLabel={t('admin.cancel')}
          onYes={() => change(changing)}
          onNo={() => setChanging(null)}
        >
          {t(changing.status === 'ACTIVE' ? 'admin.disable_body' : 'admin.enable_body', {
            name: fullName(changing),
          })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
