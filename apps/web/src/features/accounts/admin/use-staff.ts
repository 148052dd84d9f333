import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppServices } from '../../../core/app-services.ts';
import { SESSION_QUERY_SCOPE } from '../../../core/session/session-query-scope.ts';
import { useSession } from '../../../core/session/use-logged-in.ts';

/** The key of the partner's staff list, in the signed-in ADMIN's queries. */
const staffKey = (adminId: string) =>
  [SESSION_QUERY_SCOPE, adminId, accountsContracts.listStaff.id] as const;

/**
 * The partner's staff and the invitations not yet used (the staff page, and the audit log's
 * filter by staff member); `refresh` reads them again after a change.
 */
export function useStaff() {
  const { api, runtime } = useAppServices();
  const adminId = useSession()?.userId ?? '';
  const client = useQueryClient();
  const query = useQuery({
    queryKey: staffKey(adminId),
    queryFn: ({ signal }) =>
      api.call(
        accountsContracts.listStaff,
        { params: { partnerId: runtime.partnerId } },
        { signal },
      ),
  });
  return {
    ...query,
    adminId,
    refresh: () => client.invalidateQueries({ queryKey: staffKey(adminId) }),
  };
}
