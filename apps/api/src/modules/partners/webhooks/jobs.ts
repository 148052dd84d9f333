import { z } from 'zod';
import { defineJobs, type Jobs } from '../../../jobs.ts';

/**
 * Attempts of one series before its delivery is failed (kept, replayable): with the queue's
 * backoff (exp(n) seconds after the n-th failure) the last comes about 28 minutes after the
 * first.
 */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/** What the webhooks' jobs run with. */
export interface WebhooksJobDeps {
  /** One attempt at a delivery of its series (`delivery.ts`). */
  deliver: (deliveryId: string, series: number) => Promise<void>;
}

/** The partners' webhooks' background work (issue 30). */
export const webhooksJobs = defineJobs('webhooks', {
  deliver: {
    description:
      'post an event to one endpoint, signed (Standard Webhooks), each attempt recorded; a non-2xx answer, a 10 s timeout or no connection is retried with backoff, then the delivery is failed (kept, replayable); one already succeeded, or replayed since it was queued, is not sent',
    payload: z.object({ deliveryId: z.uuid(), series: z.int().min(1) }),
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    run: ({ deliveryId, series }, deps: WebhooksJobDeps) => deps.deliver(deliveryId, series),
  },
});

/**
 * The job of one series of a delivery, as SQL for the statement that makes the delivery (or
 * its replay), so it is queued in that commit. No queue of its own per endpoint: the queue
 * would run an endpoint's deliveries one per poll of the worker (seconds apart); a slow
 * receiver is bounded by the attempt's timeout instead.
 */
export const deliveryAddition = (jobs: Jobs, deliveryId: string, series: number) =>
  jobs.addition(webhooksJobs.deliver, { deliveryId, series });
