/**
 * Tern's partner client: the typed calls of the partner API (generated from its OpenAPI
 * document, openapi.json), the tokens a partner's back end signs for its customers, and the
 * check of the webhooks Tern sends. See README.md.
 */
export { createPartnerClient, type PartnerClient, type PartnerClientOptions } from './client.ts';
export {
  mintPartnerToken,
  mintSsoToken,
  mintWidgetToken,
  TOKEN_MAX_LIFETIME_S,
  type PartnerTokenOptions,
  type WidgetPanel,
  type WidgetTokenOptions,
} from './tokens.ts';
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks.ts';
export type * from './schema.d.ts';
