import type { DatasetName } from '@tern/domain/constants';
import type { QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { SESSION_QUERY_SCOPE } from '../session/session-query-scope.ts';
import { earlyReads } from './early-reads.ts';

/** What every dataset call needs: the API client and whose data it is. */
export type DatasetContext = { api: ApiClient; userId: string; partnerId: string };

/** The three stages of the data loading after login (spec 1 §4). */
type DatasetStage = 1 | 2 | 3;

/** A query a dataset waits for (spec 1 §4 step 3: the monitoring subscription). */
type Prerequisite = (context: DatasetContext) => { queryKey: QueryKey };

/**
 * One dataset of spec 1 §3 that the data loading after login fetches, as its area defines
 * it: when it loads, what must have succeeded first, and the contract call behind it.
 */
export type Dataset<T = unknown> = {
  name: DatasetName;
  stage: DatasetStage;
  /**
   * What every page stands on (user details, policies): a failure goes to the error handler.
   * The others show a failure on their own card (a partner without a payout service must not
   * greet every login with a warning); a 401 still logs out.
   */
  loud?: boolean;
  /** A query that must have succeeded before this dataset loads. */
  after?: Prerequisite;
  fetch: (context: DatasetContext, signal: AbortSignal) => Promise<T>;
};

export const defineDataset = <T>(dataset: Dataset<T>): Dataset<T> => dataset;

/** `[SESSION_QUERY_SCOPE, userId, NAME]`: dropped with the session. */
export const datasetQueryKey = (userId: string, name: DatasetName) =>
  [SESSION_QUERY_SCOPE, userId, name] as const;

/**
 * The query of a dataset: the read `main.tsx` started for it, the first time, else a fetch.
 * Plain options (no `queryOptions` helper): the start-up script imports the datasets of
 * every signed-in page without TanStack Query.
 */
export const datasetQuery = <T>(dataset: Dataset<T>, context: DatasetContext) => {
  const queryKey = datasetQueryKey(context.userId, dataset.name);
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      earlyReads.take<T>(queryKey) ?? dataset.fetch(context, signal),
    meta: { silent: !dataset.loud },
  };
};
