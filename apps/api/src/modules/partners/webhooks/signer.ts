import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_SECRET_PREFIX } from '@tern/domain';

/** 32 random bytes: past Standard Webhooks' minimum of 24, the key of HMAC-SHA256's size. */
const SECRET_BYTES = 32;

/** A new signing secret in Standard Webhooks' form: `whsec_` + base64 of random bytes. */
export const newWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/** What says who sent a body: Tern's name as the receiver's logs see it. */
export const WEBHOOK_USER_AGENT = 'Tern-Webhooks/1.0';

/**
 * The headers of one attempt (Standard Webhooks): the message id, the attempt's time in Unix
 * seconds and `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the secret's key, made
 * by the `standardwebhooks` library itself, so receivers verifying with it (or any other
 * implementation of the standard) agree with it byte for byte.
 */
export function signedHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
