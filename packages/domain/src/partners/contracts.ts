import { defineContracts } from '../contract.ts';
import {
  clientQuerySchema,
  clientRecordSchema,
  themeConfigSchema,
  themeParamsSchema,
  partnerPathSchema,
} from './config.ts';
import {
  MAX_WEBHOOK_ENDPOINTS,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryPathSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointPatchSchema,
  webhookEndpointPathSchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
  webhookSecretAnswerSchema,
} from './webhooks.ts';

/** Who may manage a partner's webhooks: its back end, or an ADMIN of its staff. */
const webhookAccess = {
  access: 'partner',
  adminOnly: true,
  owner: { partner: 'params.partnerId' },
} as const;

/**
 * The partner client record and theme configuration (spec 1 §7, first lines), and the
 * partner's webhook endpoints with their delivery log (issue 30).
 */
export const partnersContracts = defineContracts('partners', {
  client: {
    method: 'GET',
    path: '/platform/client',
    summary: 'The partner that serves a domain: id, CMS bundle and branding',
    description: 'An unknown domain answers the default partner, so a portal never renders blank.',
    access: 'apiKey',
    query: clientQuerySchema,
    responses: { 200: clientRecordSchema },
    errors: [400, 401],
  },
  themeConfig: {
    method: 'GET',
    path: '/themes/{theme}/config.json',
    summary: "A theme's palette, images and configuration flags",
    description: 'A theme no partner has answers the baseline theme.',
    access: 'apiKey',
    params: themeParamsSchema,
    responses: { 200: themeConfigSchema },
    errors: [400, 401],
  },

  // ── webhooks ─────────────────────────────────────────────────────────────────────────────
  webhooks: {
    method: 'GET',
    path: '/platform/partners/{partnerId}/webhooks',
    summary: "The partner's webhook endpoints, with their newest delivery's status",
    description:
      'Secrets are never answered here: only when an endpoint is made or its secret rotated.',
    ...webhookAccess,
    params: partnerPathSchema,
    responses: { 200: webhookEndpointListSchema },
    errors: [400, 401, 403, 404],
  },
  addWebhook: {
    method: 'POST',
    path: '/platform/partners/{partnerId}/webhooks',
    summary: 'Register an endpoint for some events: answers its signing secret, this once',
    description: `Events are posted as JSON signed in the Standard Webhooks format (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">, keyed by the secret's base64 part). The address must be https in production (400 WEBHOOK_URL_INSECURE); at most ${MAX_WEBHOOK_ENDPOINTS} endpoints (409 WEBHOOK_LIMIT_REACHED).`,
    ...webhookAccess,
    params: partnerPathSchema,
    body: webhookEndpointRequestSchema,
    responses: { 201: webhookEndpointCreatedSchema },
    errors: [400, 401, 403, 404, 409],
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/platform/partners/{partnerId}/webhooks/{endpointId}',
    summary: 'Enable or disable an endpoint, or change its events or description',
    description:
      'A disabled endpoint is sent nothing: deliveries still waiting for it fail, and may be replayed once it is enabled again.',
    ...webhookAccess,
    params: webhookEndpointPathSchema,
    body: webhookEndpointPatchSchema,
    responses: { 200: webhookEndpointSchema },
    errors: [400, 401, 403, 404],
  },
  removeWebhook: {
    method: 'DELETE',
    path: '/platform/partners/{partnerId}/webhooks/{endpointId}',
    summary: 'Delete an endpoint: it is sent nothing more; its delivery log is kept',
    ...webhookAccess,
    params: webhookEndpointPathSchema,
    responses: { 200: webhookEndpointSchema },
    errors: [400, 401, 403, 404],
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/platform/partners/{partnerId}/webhooks/{endpointId}/secret',
    summary: "Replace an endpoint's signing secret: answers the new one, this once",
    description:
      'Every attempt from now on is signed with the new secret, retries of earlier events too.',
    ...webhookAccess,
    params: webhookEndpointPathSchema,
    responses: { 200: webhookSecretAnswerSchema },
    errors: [400, 401, 403, 404],
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/platform/partners/{partnerId}/webhooks/{endpointId}/deliveries',
    summary:
      "An endpoint's delivery log, newest first: each attempt's time, HTTP status, duration and error class",
    description:
      'Pages of 50; pass nextCursor as cursor for the next. A receiver’s answer is kept to its first 200 characters.',
    ...webhookAccess,
    params: webhookEndpointPathSchema,
    query: webhookDeliveriesQuerySchema,
    responses: { 200: webhookDeliveryPageSchema },
    errors: [400, 401, 403, 404],
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/platform/partners/{partnerId}/webhooks/{endpointId}/deliveries/{deliveryId}/replay',
    summary: 'Send a delivery again, as a new series of attempts under the same webhook-id',
    description:
      'The same event, body and webhook-id (receivers deduplicate by it, as Standard Webhooks asks), signed anew; its attempts are kept as a new series beside the earlier ones. A delivery still being attempted answers 409 WEBHOOK_DELIVERY_PENDING; the endpoint must be enabled (409 WEBHOOK_ENDPOINT_DISABLED).',
    ...webhookAccess,
    limit: 'message',
    params: webhookDeliveryPathSchema,
    responses: { 202: webhookDeliverySchema },
    errors: [400, 401, 403, 404, 409, 429],
  },
});
