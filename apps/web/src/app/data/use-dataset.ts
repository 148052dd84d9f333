import type { DatasetName } from '@tern/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useAppServices } from '../app-services.ts';
import { useSession } from '../session/use-logged-in.ts';
import {
  datasetQuery,
  subscriptionQuery,
  type DatasetData,
  type SubscriptionState,
} from './dataset-queries.ts';
import { useDatasetLoaded } from './dataset-store.ts';

export type DatasetView<T> = {
  data: T | undefined;
  /** Spec 1 §4 step 5: listed as loaded, or everything is loaded. */
  loaded: boolean;
  failed: boolean;
};

const useContext = () => {
  const { http, runtime } = useAppServices();
  return { http, userId: useSession()?.userId ?? '', partnerId: runtime.partnerId };
};

/**
 * One dataset of the signed-in user, as the data loading after login fetched it. Reading
 * never starts a fetch: the loading order is the session runtime's (use-data-loading.ts).
 */
export function useDataset<N extends DatasetName>(name: N): DatasetView<DatasetData<N>> {
  const query = useQuery({ ...datasetQuery(name, useContext()), enabled: false });
  const loaded = useDatasetLoaded(name);
  return { data: query.data, loaded: loaded && query.data !== undefined, failed: query.isError };
}

/** The monitoring subscription (spec 1 §4 step 3), once read. */
export function useSubscription(): SubscriptionState | undefined {
  return useQuery({ ...subscriptionQuery(useContext()), enabled: false }).data;
}
