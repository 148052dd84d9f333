import { monitoringContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { areaGate } from '../partners/index.ts';
import { monitoringRepo } from './repo.ts';
import { monitoringRoutes } from './routes.ts';
import { monitoringService } from './service.ts';

/**
 * Identity monitoring (spec 1 §7 "Monitoring service"): subscription and the read side; only
 * for partners with the monitoring configuration (`owl`).
 */
export const monitoringModule = defineModule('monitoring', ['accounts'], (app, { db, clock }) => {
  const monitoring = monitoringService({ repo: monitoringRepo(db), clock });
  registerContracts(app, monitoringContracts, monitoringRoutes(monitoring), {
    gate: areaGate('monitoring'),
  });
});
export { announceBreaches } from './jobs.ts';
