import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import type { AlertAction } from '@tern/domain/monitoring/schemas';
import { queryOptions } from '@tanstack/react-query';
import { datasetQueryKey, type DatasetContext } from '../../core/data/dataset.ts';
import { actionPlanStore } from './action-plan-store.ts';

type Caller = Pick<DatasetContext, 'api' | 'userId'>;

/**
 * One alert's details and its plan are kept under the OWL_ALERTS key: a live change of the
 * user's alerts (a scan, another tab ticking a step) then refreshes the plan on screen too.
 */
const alertKey = (userId: string) => datasetQueryKey(userId, 'OWL_ALERTS');

/** `GET …/alerts/{alertId}`: a list whose first element is the alert (undefined: none). */
export const alertQuery = ({ api, userId }: Caller, alertId: string) =>
  queryOptions({
    queryKey: [...alertKey(userId), monitoringContracts.alert.id, alertId],
    queryFn: async ({ signal }) => {
      const [alert] = await api.call(
        monitoringContracts.alert,
        { params: { userId, alertId } },
        { signal },
      );
      return alert ?? null;
    },
    // Spec 1 §8: the single-alert fetch rejects; the page says so, with a retry.
    meta: { silent: true },
  });

/**
 * The alert's plan. What this tab last knew of it (session storage, spec 1 §4) shows until
 * the server answers, so a reload keeps the ticks on screen.
 */
export const actionsQuery = ({ api, userId }: Caller, alertId: string) =>
  queryOptions<AlertAction[]>({
    queryKey: [...alertKey(userId), monitoringContracts.actions.id, alertId],
    queryFn: async ({ signal }): Promise<AlertAction[]> => {
      const actions = await api.call(
        monitoringContracts.actions,
        { params: { userId, alertId } },
        { signal },
      );
      actionPlanStore.write(userId, alertId, actions);
      return actions;
    },
    placeholderData: (): AlertAction[] | undefined => actionPlanStore.read(userId, alertId),
    meta: { silent: true },
  });
