import { monitoringContracts } from '@tern/domain';
import type { FastifyRequest } from 'fastify';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { partnerConfig } from '../partners/index.ts';
import { monitoringRepo } from './repo.ts';
import { monitoringRoutes } from './routes.ts';
import { monitoringService } from './service.ts';

/**
 * Monitoring exists only for partners with the monitoring configuration (`owl`). To the
 * others every route of the area answers 404 ROUTE_NOT_FOUND, as a route the API does not
 * have: nobody is subscribed to a service their partner does not sell, and nothing about it
 * is revealed.
 */
const gate = {
  offered: (request: FastifyRequest) => partnerConfig(request.partner).owl,
  description: 'Partners with the monitoring configuration (owl)',
};

/** Identity monitoring (spec 1 §7 "Monitoring service"): subscription and the read side. */
export const monitoringModule = defineModule('monitoring', ['accounts'], (app, { db, clock }) => {
  const monitoring = monitoringService({ repo: monitoringRepo(db), clock });
  registerContracts(app, monitoringContracts, monitoringRoutes(monitoring), { gate });
});
