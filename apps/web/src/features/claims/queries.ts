import { claimsContracts } from '@tern/domain/claims/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { DatasetContext } from '../../core/data/dataset.ts';
import { SESSION_QUERY_SCOPE } from '../../core/session/session-query-scope.ts';

type Caller = Pick<DatasetContext, 'api' | 'userId'>;

/**
 * Every claim of the user, open and closed, newest first (the ITEM_ALERTS dataset holds the
 * open ones only). Its key holds the contract id the API's live events name, so a claim a
 * trigger opens, or one the insurer moves on, shows without a reload.
 */
export const claimsQuery = ({ api, userId }: Caller) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, claimsContracts.alerts.id] as const,
    queryFn: ({ signal }) => api.call(claimsContracts.alerts, { query: {} }, { signal }),
  });

/** One claim with its timeline; live like the list (`claims.history`). */
export const historyQuery = ({ api, userId }: Caller, alertId: string) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, claimsContracts.history.id, alertId] as const,
    queryFn: ({ signal }) => api.call(claimsContracts.history, { params: { alertId } }, { signal }),
  });
