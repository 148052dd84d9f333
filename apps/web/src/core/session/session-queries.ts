import { accountsRoutes } from '@tern/domain/accounts/routes';
import { defineDataset, type DatasetContext } from '../data/dataset.ts';
import { earlyReads } from '../data/early-reads.ts';
import { SESSION_QUERY_SCOPE } from './session-query-scope.ts';

/**
 * USER_DETAILS (spec 1 §3): what every signed-in page stands on. Session setup fetches it
 * before anything is shown, and the data loading after login lists it first.
 */
export const userDetailsDataset = defineDataset({
  name: 'USER_DETAILS',
  stage: 1,
  loud: true,
  fetch: ({ api, userId }, signal) =>
    api.read(accountsRoutes.details, { params: { id: userId } }, { signal }),
});

/** The signed-in user's roles and access profile (spec 1 §6). */
export const readAccess = (
  { api, userId }: Pick<DatasetContext, 'api' | 'userId'>,
  signal?: AbortSignal,
) => api.read(accountsRoutes.access, { params: { id: userId } }, signal ? { signal } : {});

export const accessQueryKey = (userId: string) =>
  [SESSION_QUERY_SCOPE, userId, accountsRoutes.access.id] as const;

/**
 * The access profile's query: the read `main.tsx` started, the first time, else a fetch.
 * Plain options, so the start-up script needs no TanStack Query.
 */
export const accessQuery = (context: Pick<DatasetContext, 'api' | 'userId'>) => {
  const queryKey = accessQueryKey(context.userId);
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      earlyReads.take<Awaited<ReturnType<typeof readAccess>>>(queryKey) ??
      readAccess(context, signal),
  };
};
