import { performance } from 'node:perf_hooks';
import { WEBHOOK_RESPONSE_EXCERPT_LENGTH, type WebhookErrorClass } from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { Encryption } from '../../../lib/encryption.ts';
import { WEBHOOK_MAX_ATTEMPTS } from './jobs.ts';
import type { WebhooksRepo } from './repo.ts';
import { signedHeaders } from './signer.ts';

/** A receiver has this long to answer (headers and the start of its body). */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of an answer read for its excerpt; the rest is never read. */
const EXCERPT_BYTES = 4 * WEBHOOK_RESPONSE_EXCERPT_LENGTH;

/**
 * An attempt that did not succeed: the job throws it so the queue tries again later. Its
 * message names the delivery and the class of failure only — never the address (which may
 * carry the receiver's credentials), the secret or the receiver's words.
 */
export class WebhookAttemptFailed extends Error {
  override name = 'WebhookAttemptFailed';
}

interface Outcome {
  httpStatus: number | null;
  errorClass: WebhookErrorClass | null;
  response: string | null;
}

/** The start of an answer as text the database can keep (no NUL, no lone surrogate). */
async function excerptOf(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  // Decoding replaces bad bytes, so the only lone surrogate can be the half of a pair the cut
  // leaves at the end; PostgreSQL stores no NUL.
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replaceAll('\0', '')
    .slice(0, WEBHOOK_RESPONSE_EXCERPT_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '');
  return text === '' ? null : text;
}

/** Posts the body and reads what came back, as the delivery log records it. */
async function post(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
  try {
    // Redirects are not followed: a receiver that moved says so with a failure in the log,
    // and the signed body never goes to an address the partner did not register.
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const ok = response.status >= 200 && response.status < 300;
    return {
      httpStatus: response.status,
      errorClass: ok ? null : 'http_status',
      response: await excerptOf(response).catch(() => null),
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { httpStatus: null, errorClass: timedOut ? 'timeout' : 'network', response: null };
  }
}

/**
 * One attempt at a delivery (the `webhooks.deliver` job): signed with the endpoint's secret
 * at the moment of the attempt, posted, recorded. A delivery that succeeded, or whose series
 * a replay has replaced, is left alone, so nothing is sent twice after success; an endpoint
 * disabled or deleted since is sent nothing and the delivery fails (replayable once enabled).
 */
export function webhookDelivery(deps: {
  repo: WebhooksRepo;
  encryption: Encryption;
  clock: Clock;
}) {
  const { repo, encryption, clock } = deps;

  return async function deliver(deliveryId: string, series: number): Promise<void> {
    const work = await repo.work(deliveryId);
    if (!work || work.delivery.status !== 'pending' || work.delivery.series !== series) return;
    const { endpoint, body } = work;
    const at = clock.now();
    if (!endpoint.enabled || endpoint.deletedAt) {
      await repo.recordAttempt(
        {
          deliveryId,
          series,
          at,
          durationMs: 0,
          httpStatus: null,
          errorClass: 'endpoint_disabled',
          response: null,
        },
        () => 'failed',
        at,
      );
      return;
    }
    const headers = signedHeaders(
      encryption.decrypt(endpoint.secretCiphertext),
      deliveryId,
      at,
      body,
    );
    const started = performance.now();
    const outcome = await post(endpoint.url, headers, body);
    const durationMs = Math.round(performance.now() - started);
    const succeeded = outcome.errorClass === null;
    const number = await repo.recordAttempt(
      { deliveryId, series, at, durationMs, ...outcome },
      (n) => (succeeded ? 'succeeded' : n >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : undefined),
      clock.now(),
    );
    if (!succeeded)
      throw new WebhookAttemptFailed(
        `webhook delivery ${deliveryId} attempt ${number}: ${outcome.errorClass}${outcome.httpStatus ? ` ${outcome.httpStatus}` : ''}`,
      );
  };
}
