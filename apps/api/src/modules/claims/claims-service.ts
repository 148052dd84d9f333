import {
  AppError,
  CLAIM_DATASETS,
  type ClaimDataset,
  type ClaimHistory,
  type ItemAlert,
} from '@tern/domain';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import { toClaimEvent, toItemAlert } from './mappers.ts';
import type { ClaimsRepo, ItemAlertFilter, ItemAlertWithItem, NewClaimEvent } from './repo.ts';

export const alertNotFound = (alertId: string) =>
  new AppError('ALERT_NOT_FOUND', { message: `No claim ${alertId}` });

/** A change the claim's step does not allow now (409). */
export const wrongStep = (message: string) => new AppError('CLAIM_STEP_INVALID', { message });

/** Who made a change: the customer, or the agent acting for them. */
export const actorOf = (
  caller: Pick<Caller, 'agentId'>,
): Pick<NewClaimEvent, 'actor' | 'agentId'> =>
  caller.agentId
    ? { actor: 'agent', agentId: caller.agentId }
    : { actor: 'customer', agentId: null };

/** A claim's dataset by name. */
export const datasetOf = (datasets: readonly ClaimDataset[], name: string) =>
  datasets.find((d) => d.name === name);

export const predictionOf = (datasets: readonly ClaimDataset[]) =>
  datasetOf(datasets, CLAIM_DATASETS.prediction);
export const offerOf = (datasets: readonly ClaimDataset[]) =>
  datasetOf(datasets, CLAIM_DATASETS.offer);

/** Replaces a dataset (by id) in a claim's list. */
export const withDataset = (datasets: readonly ClaimDataset[], next: ClaimDataset) =>
  datasets.map((d) => (d.datasetId === next.datasetId ? next : d));

/**
 * Reading claims: the caller's own, through their items. Another policyholder's claim is
 * not found (404), as one that does not exist.
 */
export function claimsReader(deps: { repo: ClaimsRepo }) {
  const { repo } = deps;

  async function withFiles(rows: ItemAlertWithItem[]): Promise<ItemAlert[]> {
    const files = await repo.filesOf(rows.map((r) => r.alert.id));
    return rows.map((row) => toItemAlert(row, files));
  }

  /** One of the owner's claims (on `itemId`, when the path names it), or 404. */
  async function owned(owner: Owner, alertId: string, itemId?: string): Promise<ItemAlertWithItem> {
    const [row] = await repo.listAlerts(owner.userId, owner.partnerId, { alertId, itemId });
    if (!row) throw alertNotFound(alertId);
    return row;
  }

  return {
    owned,

    /**
     * The user's claims. Filtering by another user's item or alert id finds nothing, so it
     * answers an empty list like any filter that matches nothing, revealing nothing.
     */
    async listAlerts(owner: Owner, filter: ItemAlertFilter): Promise<ItemAlert[]> {
      return withFiles(await repo.listAlerts(owner.userId, owner.partnerId, filter));
    },

    /** One claim as the portal shows it. */
    async alert(owner: Owner, alertId: string): Promise<ItemAlert> {
      const [alert] = await withFiles([await owned(owner, alertId)]);
      return alert!;
    },

    async history(owner: Owner, alertId: string): Promise<ClaimHistory> {
      const [alert] = await withFiles([await owned(owner, alertId)]);
      const events = await repo.eventsOf(alertId);
      return { alert: alert!, events: events.map(toClaimEvent) };
    },
  };
}
export type ClaimsReader = ReturnType<typeof claimsReader>;
