import { z } from 'zod';
import { defineJobs, type Jobs } from '../../jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE_MS } from '../accounts/index.ts';
import type { PaymentsService } from './payments-service.ts';

/** An open payment untouched this long has lost its job (a crash, a purge): it is queued again. */
const STALE_MS = 2 * MINUTE_MS;

/** What the payouts area's jobs run with. */
interface Deps {
  payments: PaymentsService;
  jobs: Jobs;
  clock: Clock;
  /** How long after a look at a sent payment the next one is. */
  pollMs: number;
}

const paymentPayload = z.object({ paymentId: z.uuid() });

/** The payouts area's background work: payments from requested to settled or failed. */
export const payoutsJobs = defineJobs('payouts', {
  send: {
    description:
      'hand a requested payment to the payout provider (the payment id is its idempotency key), record it sent',
    payload: paymentPayload,
    maxAttempts: 10,
    run: async ({ paymentId }, deps: Deps) => {
      if (await deps.payments.sendPayment(paymentId)) await queueTrack(deps, paymentId);
    },
  },
  track: {
    description: 'ask the payout provider where a sent payment is, until it settles or fails',
    payload: paymentPayload,
    maxAttempts: 10,
    run: async ({ paymentId }, deps: Deps) => {
      if (await deps.payments.trackPayment(paymentId)) await queueTrack(deps, paymentId);
    },
  },
  resume: {
    description:
      'queue again the jobs of payments left open and untouched for 2 minutes; fail one the provider has not taken a day after it was asked for',
    payload: z.object({}),
    schedule: '* * * * *',
    run: async (_job, deps: Deps) => {
      const { payments, jobs, clock } = deps;
      const stale = await payments.stalePayments(new Date(clock.now().getTime() - STALE_MS));
      for (const payment of stale)
        if (payment.status === 'requested') await queuePayment(jobs, payment.id);
        else await queueTrack(deps, payment.id);
    },
  },
});

/** The sending of a requested payment (one waiting per payment), as `add` takes it. */
const sending = (paymentId: string) =>
  [payoutsJobs.send, { paymentId }, { key: `${payoutsJobs.send.name}:${paymentId}` }] as const;

/** Queues the sending of a requested payment. */
const queuePayment = (jobs: Jobs, paymentId: string) => jobs.add(...sending(paymentId));

/**
 * The same as SQL, for the statement that makes the payment requested: queued in its commit,
 * so a crash just after it cannot leave an acknowledged payment with no job to send it.
 */
export const paymentSending = (jobs: Jobs, paymentId: string) =>
  jobs.addition(...sending(paymentId));

/** Queues the next look at a sent payment, `pollMs` from now. */
const queueTrack = ({ jobs, clock, pollMs }: Deps, paymentId: string) =>
  jobs.add(
    payoutsJobs.track,
    { paymentId },
    {
      key: `${payoutsJobs.track.name}:${paymentId}`,
      runAt: new Date(clock.now().getTime() + pollMs),
    },
  );
