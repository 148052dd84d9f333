import { monitoringRoutes } from '@tern/domain/monitoring/routes';
import { queryOptions } from '@tanstack/react-query';
import type { DatasetContext } from '../../core/data/dataset.ts';
import { SESSION_QUERY_SCOPE } from '../../core/session/session-query-scope.ts';

/**
 * Where the first scan of the user's data stands (the INITIAL_SCAN card). Its key holds the
 * route id the API's live events name (`monitoring.scan`), so the card moves as the scan job
 * does. Zod-free: the dashboard reads it.
 */
export const scanQuery = ({ api, userId }: Pick<DatasetContext, 'api' | 'userId'>) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, monitoringRoutes.scan.id] as const,
    queryFn: ({ signal }) => api.read(monitoringRoutes.scan, { params: { userId } }, { signal }),
    // Spec 1 §8: this call swallows its failure; the card falls back to the subscription's word.
    meta: { silent: true },
  });
