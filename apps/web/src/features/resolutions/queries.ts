import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { DatasetContext } from '../../core/data/dataset.ts';
import { SESSION_QUERY_SCOPE } from '../../core/session/session-query-scope.ts';

export type FlightSubject = { tripId: string; flightId: string };

/**
 * A flight's resolution options. Its key holds the contract id the API's live events name, so
 * new options (a delay the watcher found) and every move show within a second.
 */
export const optionsQuery = (
  { api, userId }: Pick<DatasetContext, 'api' | 'userId'>,
  subject: FlightSubject,
) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, resolutionsContracts.options.id, subject] as const,
    queryFn: ({ signal }) =>
      api.call(
        resolutionsContracts.options,
        { query: { category: 'flights', ...subject } },
        { signal },
      ),
  });

/** One lounge pass; kept by the service worker too, so it opens offline once seen. */
export const passQuery = (
  { api, userId }: Pick<DatasetContext, 'api' | 'userId'>,
  passId: string,
) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, resolutionsContracts.pass.id, passId] as const,
    queryFn: ({ signal }) =>
      api.call(resolutionsContracts.pass, { params: { passId } }, { signal }),
  });
