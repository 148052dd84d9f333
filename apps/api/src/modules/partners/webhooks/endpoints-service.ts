import {
  AppError,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERIES_PAGE,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointPatch,
  type WebhookEndpointRequest,
} from '@tern/domain';
import type { Jobs } from '../../../jobs.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Encryption } from '../../../lib/encryption.ts';
import { deliveryAddition } from './jobs.ts';
import { toDelivery, toEndpoint } from './mappers.ts';
import type { EndpointView, WebhooksRepo } from './repo.ts';
import { newWebhookSecret } from './signer.ts';

const endpointNotFound = (id: string) =>
  new AppError('WEBHOOK_NOT_FOUND', { message: `No webhook endpoint ${id}` });
const deliveryNotFound = (id: string) =>
  new AppError('WEBHOOK_DELIVERY_NOT_FOUND', { message: `No webhook delivery ${id}` });

/**
 * A partner's webhook endpoints (issue 30): registered, changed, deleted (softly: the delivery
 * log stays), their secrets rotated, their delivery log read and a delivery replayed. The
 * caller's partner is the api-key's (the contract's ownership rule); another partner's endpoint
 * or delivery answers 404.
 */
export function webhookEndpointsService(deps: {
  repo: WebhooksRepo;
  encryption: Encryption;
  jobs: Jobs;
  clock: Clock;
  /** Production: endpoints must be https (every event's data and signature travel to them). */
  httpsOnly: boolean;
}) {
  const { repo, encryption, jobs, clock } = deps;

  const own = async (partnerId: string, endpointId: string): Promise<EndpointView> => {
    const endpoint = await repo.findEndpoint(partnerId, endpointId);
    if (!endpoint) throw endpointNotFound(endpointId);
    return endpoint;
  };

  return {
    async list(partnerId: string): Promise<WebhookEndpoint[]> {
      return (await repo.listEndpoints(partnerId)).map(toEndpoint);
    },

    /** A new endpoint, and its secret: answered this once, kept only encrypted. */
    async create(
      partnerId: string,
      request: WebhookEndpointRequest,
    ): Promise<WebhookEndpoint & { secret: string }> {
      if (deps.httpsOnly && new URL(request.url).protocol !== 'https:')
        throw new AppError('WEBHOOK_URL_INSECURE', {
          message: 'Webhook endpoints must be https',
        });
      const secret = newWebhookSecret();
      const now = clock.now();
      const created = await repo.insertEndpoint(
        {
          partnerId,
          url: request.url,
          description: request.description?.trim() ?? '',
          events: request.events,
          secretCiphertext: encryption.encrypt(secret),
          createdAt: now,
          updatedAt: now,
        },
        MAX_WEBHOOK_ENDPOINTS,
      );
      if (created === 'full')
        throw new AppError('WEBHOOK_LIMIT_REACHED', {
          message: `A partner has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
        });
      return { ...toEndpoint(created), secret };
    },

    async update(
      partnerId: string,
      endpointId: string,
      patch: WebhookEndpointPatch,
    ): Promise<WebhookEndpoint> {
      const changed = await repo.updateEndpoint(
        partnerId,
        endpointId,
        {
          ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
          ...(patch.events ? { events: patch.events } : {}),
          ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
        },
        clock.now(),
      );
      if (!changed) throw endpointNotFound(endpointId);
      return toEndpoint(await own(partnerId, endpointId));
    },

    /** Sends it nothing more; its deliveries stay in the log (a deleted one is not listed). */
    async remove(partnerId: string, endpointId: string): Promise<WebhookEndpoint> {
      const removed = await repo.deleteEndpoint(partnerId, endpointId, clock.now());
      if (!removed) throw endpointNotFound(endpointId);
      return toEndpoint(removed);
    },

    /** A new secret for the endpoint, answered this once: every later attempt is signed with it. */
    async rotateSecret(partnerId: string, endpointId: string): Promise<{ secret: string }> {
      const secret = newWebhookSecret();
      const changed = await repo.updateEndpoint(
        partnerId,
        endpointId,
        { secretCiphertext: encryption.encrypt(secret) },
        clock.now(),
      );
      if (!changed) throw endpointNotFound(endpointId);
      return { secret };
    },

    async deliveries(
      partnerId: string,
      endpointId: string,
      query: { status?: WebhookDeliveryStatus | undefined; cursor?: string | undefined },
    ): Promise<WebhookDeliveryPage> {
      await own(partnerId, endpointId);
      const { rows, attempts } = await repo.deliveries(endpointId, {
        status: query.status,
        ...(query.cursor ? { cursor: query.cursor } : {}),
        limit: WEBHOOK_DELIVERIES_PAGE,
      });
      return {
        deliveries: rows.map((row) => toDelivery(row, attempts)),
        nextCursor: rows.length === WEBHOOK_DELIVERIES_PAGE ? rows.at(-1)!.delivery.id : null,
      };
    },

    /**
     * Sends a delivery again: the same body under the same `webhook-id`, as Standard Webhooks
     * asks of a message sent again (receivers deduplicate by it), signed anew, its attempts a
     * new series beside the earlier ones. Not while it is still being attempted.
     */
    async replay(
      partnerId: string,
      endpointId: string,
      deliveryId: string,
    ): Promise<WebhookDelivery> {
      const endpoint = await own(partnerId, endpointId);
      const found = await repo.findDelivery(endpointId, deliveryId);
      if (!found) throw deliveryNotFound(deliveryId);
      if (!endpoint.enabled)
        throw new AppError('WEBHOOK_ENDPOINT_DISABLED', {
          message: 'Enable the endpoint before replaying its deliveries',
        });
      const replayed = await repo.replay(deliveryId, clock.now(), (series) =>
        deliveryAddition(jobs, deliveryId, series),
      );
      if (!replayed)
        throw new AppError('WEBHOOK_DELIVERY_PENDING', {
          message: 'This delivery is still being attempted',
        });
      return toDelivery(
        { delivery: replayed, type: found.type },
        await repo.attemptsOf([deliveryId]),
      );
    },
  };
}
export type WebhookEndpointsService = ReturnType<typeof webhookEndpointsService>;
