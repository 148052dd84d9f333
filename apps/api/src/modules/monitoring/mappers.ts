import {
  isMasked,
  MASK,
  type AlertAction,
  type MonitoredItem,
  type MonitoringAlert,
  type PartnerAction,
  type ScanStatus,
  type SubscriberStatus,
} from '@tern/domain';
import { toBreach } from '../../providers/breaches/breach-row.ts';
import type {
  AlertActionRow,
  AlertWithItem,
  MonitoredItemRow,
  MonitoringAlertRow,
  SubscriberRow,
} from './repo.ts';

/** Display values are masked when stored; one that is not is withheld rather than shown. */
const safeDisplay = (value: string) => (isMasked(value) ? value : MASK);

export const toSubscriberStatus = (row: SubscriberRow | undefined): SubscriberStatus => ({
  subscribed: row?.subscribed ?? false,
  initialScan: row?.initialScanStatus === 'complete',
});

export const toScanStatus = (row: SubscriberRow | undefined): ScanStatus => ({
  state: !row?.subscribed ? 'not_subscribed' : row.initialScanStatus,
  itemsScanned: row?.scanItemsScanned ?? 0,
  itemsTotal: row?.scanItemsTotal ?? 0,
  breachesChecked: row?.scanBreachesChecked ?? 0,
  alertsFound: row?.scanAlertsFound ?? 0,
  startedAt: row?.scanStartedAt?.toISOString() ?? null,
  completedAt: row?.initialScanCompletedAt?.toISOString() ?? null,
});

export const toMonitoredItem = (
  row: MonitoredItemRow,
  alerts: MonitoringAlertRow[],
): MonitoredItem => ({
  id: row.id,
  dataType: row.dataType,
  friendlyName: row.friendlyName,
  displayName: row.friendlyName,
  displayValue: safeDisplay(row.displayValue),
  tokenised: row.token !== null,
  country: row.country,
  alerts: alerts.map((a) => ({ alertId: a.id, completed: a.completed })),
  created: row.createdAt.toISOString(),
});

export const toMonitoringAlert = ({
  alert,
  item,
  breach,
  actionsTotal,
  actionsCompleted,
}: AlertWithItem): MonitoringAlert => ({
  alertId: alert.id,
  itemId: alert.itemId,
  dataType: item.dataType,
  friendlyName: item.friendlyName,
  displayValue: safeDisplay(item.displayValue),
  title: alert.title,
  description: alert.description,
  source: alert.source,
  breachDate: alert.breachDate,
  breach: toBreach(breach),
  severity: {
    level: alert.severityLevel,
    score: alert.severityScore,
    reasons: alert.severityReasons,
  },
  country: item.country,
  detectedOn: alert.detectedOn.toISOString(),
  completed: alert.completed,
  completedOn: alert.completedOn?.toISOString() ?? null,
  dismissal: (alert.dismissal as MonitoringAlert['dismissal']) ?? null,
  actionsCompleted,
  actionsTotal,
});

export const toAlertAction = (row: AlertActionRow): AlertAction => ({
  alertId: row.alertId,
  actionItem: row.actionItem,
  completed: row.completed,
  completedOn: row.completedOn?.toISOString() ?? null,
  partnerAction: row.partnerAction as PartnerAction | null,
});
