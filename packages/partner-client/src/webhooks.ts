import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

/** A request's headers: the Fetch API's, or Node's (`IncomingHttpHeaders`). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * Checks a webhook Tern sent (Standard Webhooks: HMAC-SHA256 of `id.timestamp.body` with your
 * endpoint's `whsec_…` secret, in the `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` headers) and answers its parsed body. Throws WebhookVerificationError
 * for a missing or wrong signature, or a timestamp more than 5 minutes from now (a replay).
 * Pass the body exactly as received, before any JSON parsing.
 */
export function verifyWebhook<Event = unknown>(
  secret: string,
  headers: WebhookHeaders,
  body: string | Buffer,
): Event {
  const header = (name: string): string => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const signed = Object.fromEntries(SIGNATURE_HEADERS.map((name) => [name, header(name)]));
  return new Webhook(secret).verify(body, signed) as Event;
}
