import { useQuery, useQueryClient } from '@tanstack/react-query';
import { partnersContracts } from '@tern/domain/partners/contracts';
import { useAppServices } from '../../../../core/app-services.ts';
import { SESSION_QUERY_SCOPE } from '../../../../core/session/session-query-scope.ts';
import { useSession } from '../../../../core/session/use-logged-in.ts';

/**
 * The partner's webhook endpoints (the webhooks page, and the delivery log's heading);
 * `refresh` reads them again after a change.
 */
export function useWebhooks() {
  const { api, runtime } = useAppServices();
  const adminId = useSession()?.userId ?? '';
  const client = useQueryClient();
  const queryKey = [SESSION_QUERY_SCOPE, adminId, partnersContracts.webhooks.id] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.call(
        partnersContracts.webhooks,
        { params: { partnerId: runtime.partnerId } },
        { signal },
      ),
  });
  return { ...query, adminId, refresh: () => client.invalidateQueries({ queryKey }) };
}
