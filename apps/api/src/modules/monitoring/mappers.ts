import {
  isMasked,
  MASK,
  type MonitoredDataType,
  type MonitoredItem,
  type MonitoringAlert,
  type SubscriberStatus,
} from '@tern/domain';
import type { AlertWithItem, MonitoredItemRow, MonitoringAlertRow, SubscriberRow } from './repo.ts';

/** Display values are masked when stored; one that is not is withheld rather than shown. */
const safeDisplay = (value: string) => (isMasked(value) ? value : MASK);

export const toSubscriberStatus = (row: SubscriberRow | undefined): SubscriberStatus => ({
  subscribed: row?.subscribed ?? false,
  initialScan: row?.initialScanStatus === 'complete',
});

export const toMonitoredItem = (
  row: MonitoredItemRow,
  alerts: MonitoringAlertRow[],
): MonitoredItem => ({
  id: row.id,
  dataType: row.dataType as MonitoredDataType,
  friendlyName: row.friendlyName,
  displayName: row.friendlyName,
  displayValue: safeDisplay(row.displayValue),
  tokenised: row.token !== null,
  alerts: alerts.map((a) => ({ alertId: a.id, completed: a.completed })),
  created: row.createdAt.toISOString(),
});

export const toMonitoringAlert = ({ alert, item }: AlertWithItem): MonitoringAlert => ({
  alertId: alert.id,
  itemId: alert.itemId,
  dataType: item.dataType as MonitoredDataType,
  friendlyName: item.friendlyName,
  displayValue: safeDisplay(item.displayValue),
  title: alert.title,
  description: alert.description,
  source: alert.source,
  breachDate: alert.breachDate,
  detectedOn: alert.detectedOn.toISOString(),
  completed: alert.completed,
  completedOn: alert.completedOn?.toISOString() ?? null,
});
