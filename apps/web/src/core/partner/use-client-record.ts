import type { ContractId } from '@tern/domain/areas';
import type { ClientRecord } from '@tern/domain/partners/config';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useAppServices } from '../app-services.ts';

/**
 * The partner behind the origin the portal was opened on (partner id, content bundle,
 * branding). Fetched once per visit; an origin the partner does not allow fails here with a
 * partner-level error, which the error handler shows as the error dialog.
 */
export function useClientRecord(): UseQueryResult<ClientRecord> {
  const { api } = useAppServices();
  const domain = window.location.origin;
  return useQuery({
    queryKey: ['partners.client' satisfies ContractId, domain],
    queryFn: async ({ signal }) => {
      // The contract (and zod) is not part of the first download.
      const { partnersContracts } = await import('@tern/domain/partners/contracts');
      return api.call(partnersContracts.client, { query: { domain } }, { signal });
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
