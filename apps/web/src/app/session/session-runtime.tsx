import { offeredAreas } from '@tern/domain/partners/offers';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAppServices } from '../../core/app-services.ts';
import { datasetStore } from '../../core/data/dataset-store.ts';
import { loadingPlan } from '../../core/data/loading-plan.ts';
import { useDataLoading } from '../../core/data/use-data-loading.ts';
import { applyAccess } from '../../core/session/establish-session.ts';
import { useLiveUpdates } from '../../core/session/live-updates.ts';
import { accessQuery } from '../../core/session/session-queries.ts';
import { offeredDatasets } from './offered-datasets.ts';

/**
 * What runs while a user is signed in, whatever the page: the data loading after login over
 * the datasets of the partner's areas, the live event stream, the access profile (refreshed on
 * every start, as the persisted one may be stale). Mounted once per session token
 * (app-root.tsx).
 */
export function SessionRuntime({
  userId,
  agentId,
}: {
  userId: string;
  agentId?: string | undefined;
}) {
  const { api, runtime, themeConfig } = useAppServices();
  const context = useMemo(
    () => ({ api, userId, partnerId: runtime.partnerId }),
    [api, userId, runtime.partnerId],
  );
  const { config } = themeConfig;
  // The areas' dataset definitions arrive with their chunks; until then there is nothing to
  // load. A failed chunk is retried as any query is, and fetched once per page otherwise.
  const datasets = useQuery({
    queryKey: ['area-datasets', offeredAreas(config)],
    queryFn: () => offeredDatasets(config),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  const plan = useMemo(() => loadingPlan(datasets ?? []), [datasets]);
  useDataLoading(context, plan);

  // What changes elsewhere (another tab, an agent, a job) refreshes here.
  useLiveUpdates(api, userId);

  const access = useQuery(accessQuery(context));
  useEffect(() => {
    if (access.data) applyAccess(access.data, { agentId });
  }, [access.data, agentId]);

  // A new session (this component is keyed by token) starts with nothing loaded.
  useEffect(() => () => datasetStore.reset(), []);
  return null;
}
