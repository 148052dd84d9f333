import {
  MONITORED_DATA_TYPES,
  type MONITORED_DATA_CATEGORIES,
  type MonitoredDataType,
  type MonitoringAlert,
  type SubscriberStatus,
  type Subscriptions,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { toMonitoredItem, toMonitoringAlert, toSubscriberStatus } from './mappers.ts';
import type { MonitoringRepo } from './repo.ts';

/**
 * How many items of each type a subscriber may watch, and the section each type is shown in.
 * The server owns these (spec 1 §3 "Available item type"); a per-partner override can be added
 * to the partner configuration when a partner asks for one.
 */
export const MONITORED_TYPE_RULES: Record<
  MonitoredDataType,
  { category: (typeof MONITORED_DATA_CATEGORIES)[number]; maxAllowed: number }
> = {
  BANK_ACCOUNT: { category: 'FINANCIAL', maxAllowed: 5 },
  CARD: { category: 'FINANCIAL', maxAllowed: 5 },
  EMAIL_ADDRESS: { category: 'CONTACT', maxAllowed: 5 },
  PHONE_NUMBER: { category: 'CONTACT', maxAllowed: 3 },
  NATIONAL_ID: { category: 'IDENTITY', maxAllowed: 1 },
  // People with two nationalities hold two passports.
  PASSPORT: { category: 'IDENTITY', maxAllowed: 2 },
  DRIVING_LICENCE: { category: 'IDENTITY', maxAllowed: 1 },
  MEDICAL_ID: { category: 'IDENTITY', maxAllowed: 1 },
  IBAN: { category: 'FINANCIAL', maxAllowed: 5 },
  OTHER_CARD: { category: 'FINANCIAL', maxAllowed: 5 },
};

export function monitoringService(deps: { repo: MonitoringRepo; clock: Clock }) {
  const { repo, clock } = deps;

  return {
    async status(owner: Owner): Promise<SubscriberStatus> {
      return toSubscriberStatus(await repo.findSubscriber(owner.userId));
    },

    /** Subscribes the user (idempotent) and runs the initial scan if it has not run. */
    async subscribe(owner: Owner): Promise<SubscriberStatus> {
      let row = await repo.subscribe(owner.userId, owner.partnerId, clock.now());
      if (row.initialScanStatus === 'pending') {
        // The initial scan matches the user's items against breach records. There is no breach
        // feed yet (the breaches provider and its simulator come with their own issue), so the
        // scan has nothing to match and completes at once; that provider will run it as a job.
        row = (await repo.completeInitialScan(owner.userId, clock.now())) ?? row;
      }
      return toSubscriberStatus(row);
    },

    /** Every one of the ten types with its limit and the user's items of that type. */
    async subscriptions(owner: Owner, active: boolean | undefined): Promise<Subscriptions> {
      const items = await repo.listItems(owner.userId, owner.partnerId, active);
      const alerts = await repo.alertsOfItems(items.map((i) => i.id));
      const byType = {} as Subscriptions;
      for (const type of MONITORED_DATA_TYPES)
        byType[type] = { ...MONITORED_TYPE_RULES[type], items: [] };
      for (const item of items) {
        const entry = byType[item.dataType as MonitoredDataType];
        // A type no longer offered is not shown (it cannot be edited or counted).
        if (!entry) continue;
        entry.items.push(
          toMonitoredItem(
            item,
            alerts.filter((a) => a.itemId === item.id),
          ),
        );
      }
      return byType;
    },

    /** The user's alerts, newest first: all of them (`complete`) or the open ones (`open`). */
    async alerts(owner: Owner, filter: 'complete' | 'open'): Promise<MonitoringAlert[]> {
      const rows = await repo.listAlerts(owner.userId, owner.partnerId, {
        openOnly: filter === 'open',
      });
      return rows.map(toMonitoringAlert);
    },
  };
}
export type MonitoringService = ReturnType<typeof monitoringService>;
