import type { ContractId } from '@tern/domain/areas';
import type { ClientRecord } from '@tern/domain/partners/config';
import { PAGE_CONFIG_ELEMENTS } from '@tern/domain/partners/page-config';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { isRecord } from '../../lib/is-record.ts';
import { readPageJson } from '../../lib/page-json.ts';
import { useAppServices } from '../app-services.ts';

/**
 * The client record the API wrote into the page for its origin (what the contract answers,
 * from the same schema): checked for the fields the portal reads, so zod stays out of the
 * first download.
 */
function readEmbeddedClientRecord(doc: Document = document): ClientRecord | undefined {
  const raw = readPageJson(PAGE_CONFIG_ELEMENTS.client, doc);
  return isRecord(raw) &&
    typeof raw.partnerId === 'string' &&
    typeof raw.cmsBundle === 'string' &&
    isRecord(raw.branding)
    ? (raw as ClientRecord)
    : undefined;
}

/**
 * The partner behind the origin the portal was opened on (partner id, content bundle,
 * branding): the one the page came with, else fetched once per visit. An origin the partner
 * does not allow fails here with a partner-level error, which the error handler shows as
 * the error dialog.
 */
export function useClientRecord(): UseQueryResult<ClientRecord> {
  const { api } = useAppServices();
  // Rendered on the server (app/entry-server.tsx) there is no page yet, and nothing is fetched.
  const server = typeof window === 'undefined';
  const domain = server ? '' : window.location.origin;
  const embedded = server ? undefined : readEmbeddedClientRecord();
  return useQuery({
    queryKey: ['partners.client' satisfies ContractId, domain],
    queryFn: async ({ signal }) => {
      // The contract (and zod) is not part of the first download.
      const { partnersContracts } = await import('@tern/domain/partners/contracts');
      return api.call(partnersContracts.client, { query: { domain } }, { signal });
    },
    ...(embedded ? { initialData: embedded } : {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
