import type { OfferConfig } from '@tern/domain/partners/offers';
import { datasetQueryKey, type Dataset, type DatasetContext } from '../../core/data/dataset.ts';
import { earlyReads } from '../../core/data/early-reads.ts';
import {
  accessQueryKey,
  readAccess,
  userDetailsDataset,
} from '../../core/session/session-queries.ts';
import { policiesDataset } from '../../features/policies/index.ts';

/**
 * What every signed-in page stands on, asked for by the start-up script (`main.tsx`) while
 * React and the pages download, for a tab that already holds a session (a reload, a new
 * tab, a link): the first stage of the data loading after login (spec 1 §4: user details and
 * policies, every partner's) and the access profile. The session runtime's queries take
 * these answers (`early-reads.ts`) rather than asking again, and go on with the next stages.
 * Zod-free and framework-free: route heads and plain functions only.
 */
const EARLY_DATASETS: readonly Dataset[] = [userDetailsDataset, policiesDataset];

export function startSessionReads(context: DatasetContext): void {
  const never = new AbortController().signal;
  for (const dataset of EARLY_DATASETS)
    earlyReads.start(datasetQueryKey(context.userId, dataset.name), () =>
      dataset.fetch(context, never),
    );
  earlyReads.start(accessQueryKey(context.userId), () => readAccess(context));
}

/**
 * The later stages' reads (spec 1 §4 steps 2 and 3) of the areas the partner offers, sent as
 * soon as their datasets' definitions arrive, still beside React's download. The data loading
 * takes them stage after stage all the same (`use-data-loading.ts`): what counts as loaded,
 * and when the completion flag is set, follow the spec's order; only the waiting between the
 * stages' requests is gone (on a phone, two round trips before the dashboard's trips show).
 * A dataset that waits for a prerequisite (monitoring's subscription, which may subscribe the
 * user) is left to its stage.
 */
export async function startLaterReads(context: DatasetContext, config: OfferConfig) {
  const never = new AbortController().signal;
  const { offeredDatasets } = await import('./offered-datasets.ts');
  for (const dataset of await offeredDatasets(config))
    if (dataset.stage > 1 && !dataset.after)
      earlyReads.start(datasetQueryKey(context.userId, dataset.name), () =>
        dataset.fetch(context, never),
      );
}
