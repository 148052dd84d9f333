import type { WebhookDelivery, WebhookEndpoint } from '@tern/domain';
import type { AttemptRow, DeliveryRow, EndpointRow, EndpointView } from './repo.ts';

/** An endpoint as its partner reads it: never its secret. */
export const toEndpoint = (row: EndpointRow | EndpointView): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastDelivery:
    'lastDelivery' in row && row.lastDelivery
      ? {
          status: row.lastDelivery.status,
          createdAt: row.lastDelivery.createdAt.toISOString(),
        }
      : null,
});

/** A delivery with its attempts, series by series. */
export const toDelivery = (
  { delivery, type }: { delivery: DeliveryRow; type: WebhookDelivery['eventType'] },
  attempts: readonly AttemptRow[],
): WebhookDelivery => ({
  id: delivery.id,
  eventType: type,
  createdAt: delivery.createdAt.toISOString(),
  status: delivery.status,
  replays: delivery.series - 1,
  attempts: attempts
    .filter((attempt) => attempt.deliveryId === delivery.id)
    .map((attempt) => ({
      series: attempt.series,
      attempt: attempt.attempt,
      at: attempt.at.toISOString(),
      httpStatus: attempt.httpStatus,
      durationMs: attempt.durationMs,
      errorClass: attempt.errorClass,
      response: attempt.response,
    })),
});
