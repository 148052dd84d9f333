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

  /** Queues the first scan of a subscriber's items; their pages show it start. */
  async function startInitialScan(owner: Owner): Promise<void> {
    await deps.queueInitialScan(owner.userId);
    await deps.notifier.changed(owner.userId);
  }

  /** Subscribes the user (idempotent); a new subscription queues its initial scan. */
  async function subscribe(owner: Owner): Promise<SubscriberStatus> {
    const { row, created } = await repo.subscribe(owner.userId, owner.partnerId, clock.now());
    if (created || row.initialScanStatus !== 'complete') await startInitialScan(owner);
    return toSubscriberStatus(row);
  }

  return {
    subscribe,
    startInitialScan,

    /**
     * Subscribes a user who adds an item before the portal did (spec 1 §4 subscribes on
     * loading): true when the initial scan is still to come, which the caller queues once the
     * item is in, so the scan sees it.
     */
    async ensureSubscribed(owner: Owner): Promise<boolean> {
      const row = await repo.findSubscriber(owner.userId);
      if (row?.subscribed) return false;
      const { row: now } = await repo.subscribe(owner.userId, owner.partnerId, clock.now());
      return now.initialScanStatus !== 'complete';
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
