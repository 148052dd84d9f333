import type { PartnerMode } from '@tern/domain/partners/config';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { datasetQuery, subscriptionQuery, type DatasetContext } from './dataset-queries.ts';
import { datasetStore } from './dataset-store.ts';
import { loadingPlan, planDatasets } from './loading-plan.ts';

/** Every query of a stage has answered, one way or the other. */
const allSettled = (results: readonly UseQueryResult[]) =>
  results.every((result) => result.status !== 'pending');

/**
 * Runs spec 1 §4 "Data loading after login" for the signed-in user: the stages of the
 * partner's configuration (at most three) one after the other, marking each dataset loaded
 * in the dataset store when it arrives and setting the completion flag once all have. A
 * stage starts when the previous one has answered, failures included, so one failing
 * dataset does not keep the others from loading (its card shows the failure).
 */
export function useDataLoading(context: DatasetContext, mode: PartnerMode): void {
  const plan = useMemo(() => loadingPlan(mode), [mode]);
  const datasetsOf = (stage: number) => plan[stage]?.datasets ?? [];
  const subscriptionStage = plan.findIndex((stage) => stage.afterSubscription);

  const subscription = useQuery({
    ...subscriptionQuery(context),
    enabled: false,
  });
  // May stage `index` start, given that the stages before it are `previousDone`?
  const mayStart = (index: number, previousDone: boolean) =>
    previousDone && (index !== subscriptionStage || subscription.status === 'success');

  const first = useQueries({
    queries: datasetsOf(0).map((name) => ({
      ...datasetQuery(name, context),
      enabled: mayStart(0, true),
    })),
  });
  const firstDone = allSettled(first);
  const second = useQueries({
    queries: datasetsOf(1).map((name) => ({
      ...datasetQuery(name, context),
      enabled: mayStart(1, firstDone),
    })),
  });
  const secondDone = firstDone && allSettled(second);
  const third = useQueries({
    queries: datasetsOf(2).map((name) => ({
      ...datasetQuery(name, context),
      enabled: mayStart(2, secondDone),
    })),
  });

  // The subscription is read (and created) once the stages before the monitored data answered.
  const doneBefore = [true, firstDone, secondDone];
  useQuery({
    ...subscriptionQuery(context),
    enabled: subscriptionStage !== -1 && Boolean(doneBefore[subscriptionStage]),
  });

  const all = planDatasets(plan);
  const results = [...first, ...second, ...third];
  const loaded = all.filter((_, index) => results[index]?.status === 'success');
  const loadedKey = loaded.join();
  useEffect(() => {
    if (!loadedKey) return;
    const names = loadedKey.split(',') as typeof all;
    for (const name of names) datasetStore.markLoaded(name);
    if (names.length === all.length) datasetStore.setCompleted(true);
  }, [loadedKey, all.length]);
}
