import type { monitoringContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { MonitoringAlerts } from './alerts-service.ts';
import type { MonitoringItems } from './items-service.ts';
import type { MonitoringSubscription } from './service.ts';

export const monitoringRoutes = (services: {
  subscription: MonitoringSubscription;
  items: MonitoringItems;
  alerts: MonitoringAlerts;
}): Handlers<typeof monitoringContracts> => {
  const { subscription, items, alerts } = services;
  return {
    status: (request) => subscription.status(request.caller),
    subscribe: (request) => subscription.subscribe(request.caller),
    scan: (request) => subscription.scan(request.caller),
    subscriptions: (request) =>
      items.subscriptions(request.caller, request.partner, request.query.active),
    addItem: (request) =>
      items.add(request.caller, request.partner, request.params.dataType, request.body),
    renameItem: (request) =>
      items.rename(request.caller, request.params.id, request.body.displayName),
    deleteItem: (request) => items.remove(request.caller, request.params.id),
    alerts: (request) => alerts.list(request.caller, request.query.filter),
    alert: (request) => alerts.one(request.caller, request.params.alertId),
    actions: (request) => alerts.actions(request.caller, request.params.alertId),
    setAction: (request) => alerts.setAction(request.caller, request.params.alertId, request.body),
    updateAlert: (request) => alerts.update(request.caller, request.params.alertId, request.body),
    replaceCard: (request) =>
      alerts.replaceCard(request.caller, request.partner, request.params.alertId),
    cardFrame: (request) => items.cardFrame(request.caller, request.partner, request.body),
  };
};
