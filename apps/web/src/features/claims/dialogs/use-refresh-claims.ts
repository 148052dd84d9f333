import { useQueryClient } from '@tanstack/react-query';
import { claimsContracts } from '@tern/domain/claims/contracts';
import { useRefreshDataset } from '../../../core/data/use-dataset.ts';
import { itemAlertsDataset, itemsDataset } from '../datasets.ts';

/** The queries of one claim (`?itemId&alertId`) and its timeline, whatever else their keys hold. */
const CLAIM_QUERY_IDS: readonly string[] = [claimsContracts.alerts.id, claimsContracts.history.id];

/**
 * After a change to a claim: the open claims (ITEM_ALERTS) and the items (ITEMS) fetched
 * again, and any query of one claim or its timeline marked stale, so every view of the claim
 * shows what the API now holds. Never fails: the change itself has succeeded, and the live
 * updates bring the claim again anyway.
 */
export function useRefreshClaims(): () => Promise<void> {
  const client = useQueryClient();
  const refreshAlerts = useRefreshDataset(itemAlertsDataset);
  const refreshItems = useRefreshDataset(itemsDataset);
  return async () => {
    await Promise.allSettled([
      refreshAlerts(),
      refreshItems(),
      client.invalidateQueries({
        predicate: (query) =>
          query.queryKey.some((part) => CLAIM_QUERY_IDS.includes(part as string)),
      }),
    ]);
  };
}
