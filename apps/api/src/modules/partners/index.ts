import { partnersContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { partnersRepo, type PartnerRow } from './repo.ts';
import { partnersRoutes } from './routes.ts';
import { partnersService, type PartnersService } from './service.ts';
import { webhookDelivery } from './webhooks/delivery.ts';
import { webhookEndpointsService } from './webhooks/endpoints-service.ts';
import { webhooksJobs } from './webhooks/jobs.ts';
import { webhooksRepo } from './webhooks/repo.ts';

export { areaGate } from './area-gate.ts';
export { partnerConfig } from './mappers.ts';
export type { PartnerRow } from './repo.ts';
export { portalOrigin, type PartnersService } from './service.ts';
export { partnerEvents, type PartnerEvents } from './webhooks/events.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner identified by the `api-key` header (every API call). */
    partner: PartnerRow;
  }
  interface FastifyInstance {
    partners: PartnersService;
  }
}

/**
 * Partners: who is calling (the `api-key` of every API call), which partner serves a host,
 * themes, CORS origins, and the partner's webhooks (the events areas raise through the
 * platform's `partnerEvents`, delivered signed by the `webhooks.deliver` job). Every other area
 * depends on it.
 */
export const partnersModule = defineModule('partners', [], (app, platform) => {
  const { db, clock, config, encryption, jobs } = platform;
  const partners = partnersService({
    repo: partnersRepo(db),
    clock,
    defaultPartnerId: config.DEFAULT_PARTNER_ID,
  });
  app.decorate('partners', partners);
  app.decorateRequest('partner', null as unknown as PartnerRow);
  app.decorate('identifyPartner', async (request) => {
    const key = request.headers['api-key'];
    request.partner = await partners.authenticateApiKey(typeof key === 'string' ? key : undefined);
  });
  const repo = webhooksRepo(db);
  const webhooks = webhookEndpointsService({
    repo,
    encryption,
    jobs,
    clock,
    httpsOnly: config.NODE_ENV === 'production',
  });
  jobs.register(webhooksJobs, { deliver: webhookDelivery({ repo, encryption, clock }) });
  registerContracts(app, partnersContracts, partnersRoutes(partners, webhooks));
});
