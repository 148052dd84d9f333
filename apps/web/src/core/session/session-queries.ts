import { accountsRoutes } from '@tern/domain/accounts/routes';
import { queryOptions } from '@tanstack/react-query';
import { defineDataset, type DatasetContext } from '../data/dataset.ts';
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
export const accessQuery = ({ api, userId }: Pick<DatasetContext, 'api' | 'userId'>) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, accountsRoutes.access.id] as const,
    queryFn: ({ signal }) =>
      api.read(accountsRoutes.access, { params: { id: userId } }, { signal }),
  });
