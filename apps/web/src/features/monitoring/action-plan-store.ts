import { alertActionsSchema, type AlertAction } from '@tern/domain/monitoring/schemas';
import { z } from 'zod';
import { storedValue } from '../../lib/storage.ts';

/** Per user and alert (`{userId}/{alertId}`): the plan's steps, done or not. */
const plansSchema = z.record(z.string(), alertActionsSchema);
type Plans = z.infer<typeof plansSchema>;

/**
 * Spec 1 §4 "Monitored-data state": the completed actions of each alert are kept in session
 * storage. This tab shows them at once on a reload, before the server's answer replaces them;
 * the server stays the record (another tab, another device). Session storage, not local: the
 * ticks leave with the tab, as the session does.
 */
const slot = storedValue<Plans>(
  'monitoring-actions',
  (raw) => plansSchema.safeParse(raw).data,
  () => window.sessionStorage,
);

const keyOf = (userId: string, alertId: string) => `${userId}/${alertId}`;

export const actionPlanStore = {
  read: (userId: string, alertId: string): AlertAction[] | undefined =>
    slot.read()?.[keyOf(userId, alertId)],
  write(userId: string, alertId: string, actions: readonly AlertAction[]): void {
    slot.write({ ...slot.read(), [keyOf(userId, alertId)]: [...actions] });
  },
};
