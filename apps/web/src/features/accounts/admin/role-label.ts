import { isStaffRole } from '@tern/domain/accounts/staff';
import { useTranslation } from 'react-i18next';

/** A role as the admin console names it: Agent, Administrator (a customer's role as held). */
export function useRoleLabel() {
  const { t } = useTranslation('accounts');
  return (role: string) => (isStaffRole(role) ? t(`admin.role_${role.toLowerCase()}`) : role);
}
