import type { InsuredItem, ItemAlert } from '@tern/domain';
import type { InsuredItemRow, ItemAlertWithItem, ItemPermissionRow } from './repo.ts';

export const toInsuredItem = (
  row: InsuredItemRow,
  permissions: ItemPermissionRow[],
): InsuredItem => ({
  itemId: row.id,
  itemTypeId: row.itemTypeId,
  externalPolicyNumber: row.externalPolicyNumber,
  properties: row.properties,
  permissions: permissions.map((p) => ({
    permission: p.permission as InsuredItem['permissions'][number]['permission'],
    required: p.required,
    granted: p.granted,
  })),
  tripId: row.tripId,
  delegated_passenger_id: row.delegatedPassengerId,
  payoutCurrency: row.payoutCurrency,
  disruptionOptions: row.disruptionOptions,
  created: row.createdAt.toISOString(),
});

export const toItemAlert = ({ alert, item }: ItemAlertWithItem): ItemAlert => ({
  alertId: alert.id,
  itemId: alert.itemId,
  claimNumber: alert.claimNumber,
  alertDate: alert.alertDate.toISOString(),
  alertType: alert.alertType,
  description: alert.description,
  status: alert.status,
  completed: alert.completed,
  confirmed: alert.confirmed,
  properties: item.properties,
  externalPolicyNumber: item.externalPolicyNumber,
  assigneeDetails: alert.assigneeDetails,
  brokerAssignee: alert.brokerAssignee,
  claimAssignee: alert.claimAssignee,
  data: alert.data,
  datasets: alert.datasets,
  payouts: alert.payouts,
});
