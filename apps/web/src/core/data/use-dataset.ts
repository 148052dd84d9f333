import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppServices } from '../app-services.ts';
import { useSession } from '../session/use-logged-in.ts';
import { datasetQuery, type Dataset, type DatasetContext } from './dataset.ts';
import { useDatasetLoaded } from './dataset-store.ts';

export type DatasetView<T> = {
  data: T | undefined;
  /** Spec 1 §4 step 5: listed as loaded, or everything is loaded. */
  loaded: boolean;
  failed: boolean;
};

/** Whose data the signed-in pages read: the session's user, through the app's client. */
export function useDatasetContext(): DatasetContext {
  const { api, runtime } = useAppServices();
  return { api, userId: useSession()?.userId ?? '', partnerId: runtime.partnerId };
}

/**
 * One dataset of the signed-in user, as the data loading after login fetched it. Reading
 * never starts a fetch: the loading order is the session runtime's (use-data-loading.ts).
 */
export function useDataset<T>(dataset: Dataset<T>): DatasetView<T> {
  const query = useQuery({ ...datasetQuery(dataset, useDatasetContext()), enabled: false });
  const loaded = useDatasetLoaded(dataset.name);
  return { data: query.data, loaded: loaded && query.data !== undefined, failed: query.isError };
}

/**
 * Fetches one of the user's datasets again after a change made on this page, and answers
 * with the new data once it is in (datasets are read with fetching off, so they are fetched here).
 */
export function useRefreshDataset<T>(dataset: Dataset<T>): () => Promise<T> {
  const client = useQueryClient();
  const context = useDatasetContext();
  return () => client.query({ ...datasetQuery(dataset, context), staleTime: 0 });
}
