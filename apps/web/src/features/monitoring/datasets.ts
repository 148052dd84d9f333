import { monitoringRoutes } from '@tern/domain/monitoring/routes';
import type { SubscriberStatus } from '@tern/domain/monitoring/schemas';
import { queryOptions } from '@tanstack/react-query';
import { defineDataset, type DatasetContext } from '../../core/data/dataset.ts';
import { SESSION_QUERY_SCOPE } from '../../core/session/session-query-scope.ts';

/** The subscription of spec 1 §4 step 3, or why it could not be read. */
export type SubscriptionState = SubscriberStatus | { error: unknown };

/**
 * Reads the monitoring subscription and subscribes the user when it is inactive. Spec 1 §8:
 * the status fetch "resolves with the error", so this never rejects; the monitored data is
 * then loaded anyway and shows its own failure.
 */
export const subscriptionQuery = ({ api, userId, partnerId }: DatasetContext) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, monitoringRoutes.status.id] as const,
    queryFn: async ({ signal }): Promise<SubscriptionState> => {
      const read = () => api.read(monitoringRoutes.status, { params: { userId } }, { signal });
      try {
        const status = await read();
        if (status.subscribed) return status;
        // Subscribing is a write, checked by its contract (and zod, loaded here): once a user.
        const { monitoringContracts } = await import('@tern/domain/monitoring/contracts');
        await api.call(
          monitoringContracts.subscribe,
          { params: { userId }, body: { partnerId } },
          { signal },
        );
        return await read();
      } catch (error) {
        if (signal.aborted) throw error;
        return { error };
      }
    },
    meta: { silent: true },
  });

/** OWL_MONITORED_DATA: the monitored items keyed by data type, masked. */
export const monitoredDataDataset = defineDataset({
  name: 'OWL_MONITORED_DATA',
  stage: 3,
  after: subscriptionQuery,
  fetch: ({ api, userId }, signal) =>
    api.read(
      monitoringRoutes.subscriptions,
      { params: { userId }, query: { active: 'true' } },
      { signal },
    ),
});

/** OWL_ALERTS: every monitoring alert, open and closed, the most severe first (the API ranks them). */
export const monitoringAlertsDataset = defineDataset({
  name: 'OWL_ALERTS',
  stage: 3,
  after: subscriptionQuery,
  fetch: ({ api, userId }, signal) =>
    api.read(
      monitoringRoutes.alerts,
      { params: { userId }, query: { filter: 'complete' } },
      { signal },
    ),
});

export const datasets = [monitoredDataDataset, monitoringAlertsDataset];
