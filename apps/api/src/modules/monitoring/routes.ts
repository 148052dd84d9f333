import type { monitoringContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { MonitoringService } from './service.ts';

export const monitoringRoutes = (
  monitoring: MonitoringService,
): Handlers<typeof monitoringContracts> => ({
  status: (request) => monitoring.status(request.caller),
  subscribe: (request) => monitoring.subscribe(request.caller),
  subscriptions: (request) => monitoring.subscriptions(request.caller, request.query.active),
  alerts: (request) => monitoring.alerts(request.caller, request.query.filter),
});
