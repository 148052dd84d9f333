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
