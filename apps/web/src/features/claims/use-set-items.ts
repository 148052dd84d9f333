import type { InsuredItem } from '@tern/domain/claims/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { datasetQueryKey } from '../../core/data/dataset.ts';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { itemsDataset } from './datasets.ts';

/**
 * Puts the items an item or consent call answered with into the ITEMS dataset: every such call
 * answers the whole list, so the page shows the change without asking again.
 */
export function useSetItems(): (items: InsuredItem[]) => void {
  const client = useQueryClient();
  const { userId } = useDatasetContext();
  return (items) => client.setQueryData(datasetQueryKey(userId, itemsDataset.name), items);
}
