import type { partnersContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { PartnersService } from './service.ts';
import type { WebhookEndpointsService } from './webhooks/endpoints-service.ts';

/**
 * The partner client record and theme configuration (spec 1 §7, first lines), and the
 * partner's webhooks: the contract's ownership rule has checked `partnerId` is the api-key's.
 */
export const partnersRoutes = (
  partners: PartnersService,
  webhooks: WebhookEndpointsService,
): Handlers<typeof partnersContracts> => ({
  client: (request) => partners.clientRecord(request.query.domain),
  themeConfig: async (request, reply) => {
    // Browsers may keep a theme for a short while; the web app caches it for a day itself.
    void reply.header('cache-control', 'private, max-age=300');
    return partners.themeConfig(request.params.theme);
  },
  webhooks: (request) => webhooks.list(request.partner.id),
  addWebhook: (request) => webhooks.create(request.partner.id, request.body),
  updateWebhook: (request) =>
    webhooks.update(request.partner.id, request.params.endpointId, request.body),
  removeWebhook: (request) => webhooks.remove(request.partner.id, request.params.endpointId),
  rotateWebhookSecret: (request) =>
    webhooks.rotateSecret(request.partner.id, request.params.endpointId),
  webhookDeliveries: (request) =>
    webhooks.deliveries(request.partner.id, request.params.endpointId, request.query),
  replayWebhookDelivery: (request) =>
    webhooks.replay(request.partner.id, request.params.endpointId, request.params.deliveryId),
});
