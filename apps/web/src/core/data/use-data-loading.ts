import {
  skipToken,
  useQueries,
  useQuery,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { datasetQuery, type DatasetContext } from './dataset.ts';
import { datasetStore } from './dataset-store.ts';
import type { LoadingStage } from './loading-plan.ts';
import { SESSION_QUERY_SCOPE } from '../session/session-query-scope.ts';

/** Every query of a stage has answered, one way or the other. */
const allSettled = (results: readonly Pick<UseQueryResult, 'status'>[]) =>
  results.every((result) => result.status !== 'pending');

/**
 * A stage's prerequisite (the monitoring subscription, spec 1 §4 step 3), read once the
 * stages before it have answered; a stage without one holds an idle placeholder, so every
 * render calls the same hooks.
 */
function usePrerequisite(
  stage: LoadingStage | undefined,
  context: DatasetContext,
  index: number,
  previousDone: boolean,
) {
  const after = stage?.datasets.find((dataset) => dataset.after)?.after;
  return useQuery(
    after
      ? // The area's query options, of whatever data type: only its status matters here.
        { ...(after(context) as UseQueryOptions), enabled: previousDone }
      : {
          queryKey: [SESSION_QUERY_SCOPE, context.userId, 'no-prerequisite', index],
          queryFn: skipToken,
        },
  );
}

/** The queries of one stage: each starts when the stages before it, and its prerequisite, have. */
function useStage(
  stage: LoadingStage | undefined,
  context: DatasetContext,
  previousDone: boolean,
  prerequisite: Pick<UseQueryResult, 'status'>,
) {
  return useQueries({
    queries: (stage?.datasets ?? []).map((dataset) => ({
      ...datasetQuery(dataset, context),
      enabled: previousDone && (!dataset.after || prerequisite.status === 'success'),
    })),
  });
}

/**
 * Runs spec 1 §4 "Data loading after login" for the signed-in user: the stages of the plan
 * (at most three) one after the other, marking each dataset loaded in the dataset store when
 * it arrives and setting the completion flag once all have. A stage starts when the previous
 * one has answered, failures included, so one failing dataset does not keep the others from
 * loading (its card shows the failure).
 */
export function useDataLoading(context: DatasetContext, plan: readonly LoadingStage[]): void {
  const [first, second, third] = plan;
  const firstPrerequisite = usePrerequisite(first, context, 0, true);
  const firstResults = useStage(first, context, true, firstPrerequisite);
  const firstDone = allSettled(firstResults);
  const secondPrerequisite = usePrerequisite(second, context, 1, firstDone);
  const secondResults = useStage(second, context, firstDone, secondPrerequisite);
  const secondDone = firstDone && allSettled(secondResults);
  const thirdPrerequisite = usePrerequisite(third, context, 2, secondDone);
  const thirdResults = useStage(third, context, secondDone, thirdPrerequisite);

  const all = plan.flatMap((stage) => stage.datasets.map((dataset) => dataset.name));
  const results = [...firstResults, ...secondResults, ...thirdResults];
  const loadedKey = all.filter((_, index) => results[index]?.status === 'success').join();
  useEffect(() => {
    if (!loadedKey) return;
    const names = loadedKey.split(',') as typeof all;
    for (const name of names) datasetStore.markLoaded(name);
    if (names.length === all.length) datasetStore.setCompleted(true);
  }, [loadedKey, all.length]);
}
