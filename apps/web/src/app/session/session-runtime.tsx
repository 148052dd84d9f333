import { partnerMode, type PartnerMode } from '@tern/domain/partners/mode';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { offers } from '../../core/area.ts';
import { useAppServices } from '../../core/app-services.ts';
import type { Dataset } from '../../core/data/dataset.ts';
import { datasetStore } from '../../core/data/dataset-store.ts';
import { loadingPlan } from '../../core/data/loading-plan.ts';
import { useDataLoading } from '../../core/data/use-data-loading.ts';
import { applyAccess } from '../../core/session/establish-session.ts';
import { useLiveUpdates } from '../../core/session/live-updates.ts';
import { accessQuery } from '../../core/session/session-queries.ts';
import { webAreas } from '../areas.ts';

/** The datasets of the areas a configuration offers, each area's arriving with its chunk. */
export const offeredDatasets = async (mode: PartnerMode): Promise<Dataset[]> =>
  (
    await Promise.all(
      webAreas
        .filter((area) => offers(area, mode))
        .map((area) => area.datasets?.() ?? Promise.resolve([])),
    )
  ).flat();

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
  const mode = partnerMode(themeConfig.config);
  // The areas' dataset definitions arrive with their chunks; until then there is nothing to
  // load. A failed chunk is retried as any query is, and fetched once per page otherwise.
  const datasets = useQuery({
    queryKey: ['area-datasets', mode],
    queryFn: () => offeredDatasets(mode),
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
