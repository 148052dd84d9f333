import type { ScanStatus, SubscriberStatus } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { toScanStatus, toSubscriberStatus } from './mappers.ts';
import type { MonitoringNotifier } from './notify.ts';
import type { MonitoringRepo } from './repo.ts';

/** The subscription (spec 1 §3 "Subscription state") and where its first scan stands. */
export function monitoringSubscription(deps: {
  repo: MonitoringRepo;
  clock: Clock;
  notifier: MonitoringNotifier;
  queueInitialScan: (userId: string) => Promise<unknown>;
}) {
  const { repo, clock } = deps;

  /** Subscribes the user (idempotent); a new subscription queues its initial scan. */
  async function subscribe(owner: Owner): Promise<SubscriberStatus> {
    const { row, created } = await repo.subscribe(owner.userId, owner.partnerId, clock.now());
    if (created || row.initialScanStatus !== 'complete') {
      await deps.queueInitialScan(owner.userId);
      await deps.notifier.changed(owner.userId);
    }
    return toSubscriberStatus(row);
  }

  return {
    subscribe,

    async ensureSubscribed(owner: Owner): Promise<void> {
      const row = await repo.findSubscriber(owner.userId);
      if (!row?.subscribed) await subscribe(owner);
    },

    async status(owner: Owner): Promise<SubscriberStatus> {
      return toSubscriberStatus(await repo.findSubscriber(owner.userId));
    },

    async scan(owner: Owner): Promise<ScanStatus> {
      return toScanStatus(await repo.findSubscriber(owner.userId));
    },
  };
}
export type MonitoringSubscription = ReturnType<typeof monitoringSubscription>;
