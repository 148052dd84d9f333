import { AppError, type AlertAction, type MonitoringAlert } from '@tern/domain';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';
import { toAlertAction, toMonitoringAlert } from './mappers.ts';
import type { MonitoringNotifier } from './notify.ts';
import type { MonitoringRepo } from './repo.ts';

const alertNotFound = () => new AppError('ALERT_NOT_FOUND', { message: 'No such alert' });

/**
 * Alerts and their action plans (spec 1 §3, §7; issue 29): the list ranked by severity, one
 * alert, its steps ticked done or not, the alert closed — as handled or as not the
 * subscriber's — and the partner's own step, a replacement card.
 */
export function monitoringAlerts(deps: {
  repo: MonitoringRepo;
  clock: Clock;
  notifier: MonitoringNotifier;
  /** Tells the partner's card team of an order (their support address). */
  cardOrdered: (order: { partner: PartnerRow; userId: string; reference: string }) => Promise<void>;
}) {
  const { repo, clock, notifier } = deps;

  async function owned(owner: Owner, alertId: string) {
    const row = await repo.findAlert(alertId, owner.userId);
    if (!row) throw alertNotFound();
    return row;
  }

  return {
    /** The user's alerts, the most severe first: all (`complete`) or the open ones. */
    async list(owner: Owner, filter: 'complete' | 'open'): Promise<MonitoringAlert[]> {
      const rows = await repo.listAlerts(owner.userId, owner.partnerId, {
        openOnly: filter === 'open',
      });
      return rows.map(toMonitoringAlert);
    },

    async one(owner: Owner, alertId: string): Promise<MonitoringAlert[]> {
      return [toMonitoringAlert(await owned(owner, alertId))];
    },

    async actions(owner: Owner, alertId: string): Promise<AlertAction[]> {
      await owned(owner, alertId);
      return (await repo.actions(alertId)).map(toAlertAction);
    },

    async setAction(
      owner: Owner,
      alertId: string,
      body: { actionItem: string; completed: boolean; completedOn?: string | null | undefined },
    ): Promise<AlertAction> {
      await owned(owner, alertId);
      const on = body.completedOn ? new Date(body.completedOn) : clock.now();
      const row = await repo.setAction(alertId, body.actionItem, body.completed, on);
      if (!row)
        throw new AppError('INVALID_PARAMS', {
          message: 'The alert’s plan has no such step',
          field: 'actionItem',
          details: [{ field: 'actionItem', message: 'validation.invalid' }],
        });
      await notifier.changed(owner.userId);
      return toAlertAction(row);
    },

    async update(
      owner: Owner,
      alertId: string,
      body: {
        completed: boolean;
        completedOn?: string | null | undefined;
        dismissal?: { reason: string; note?: string | undefined } | undefined;
      },
    ): Promise<MonitoringAlert> {
      await owned(owner, alertId);
      // "This isn't me" closes the alert, whatever `completed` said.
      const completed = body.completed || body.dismissal !== undefined;
      await repo.updateAlert(alertId, owner.userId, {
        completed,
        completedOn: completed
          ? body.completedOn
            ? new Date(body.completedOn)
            : clock.now()
          : null,
        dismissal: completed ? (body.dismissal ?? null) : null,
      });
      await notifier.changed(owner.userId);
      return toMonitoringAlert(await owned(owner, alertId));
    },

    /** The partner sends a new card for one found in a breach; asked twice, one order. */
    async replaceCard(owner: Owner, partner: PartnerRow, alertId: string) {
      const row = await owned(owner, alertId);
      if (row.item.dataType !== 'CARD' || !partnerConfig(partner).monitoring.cardReissue)
        throw new AppError('CARD_REPLACEMENT_UNAVAILABLE', {
          message: 'The partner does not replace this card from the portal',
        });
      const reference = `CR-${randomBytes(4).toString('hex').toUpperCase()}`;
      const order = await repo.orderCardReplacement({
        alertId,
        userId: owner.userId,
        partnerId: owner.partnerId,
        reference,
      });
      if (order.reference === reference)
        await deps.cardOrdered({ partner, userId: owner.userId, reference });
      await repo.setAction(alertId, 'card_order_replacement', true, order.requestedAt);
      await notifier.changed(owner.userId);
      return { reference: order.reference, requestedOn: order.requestedAt.toISOString() };
    },
  };
}
export type MonitoringAlerts = ReturnType<typeof monitoringAlerts>;
