import type { Jobs } from '../../jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE_MS } from '../accounts/index.ts';
import type { PayoutsService } from './service.ts';

export const SEND_PAYMENT = 'payouts.send';
const TRACK_PAYMENT = 'payouts.track';
/** An open payment untouched this long has lost its job (a crash, a purge): it is queued again. */
const STALE_MS = 2 * MINUTE_MS;

type PaymentJob = { paymentId: string };

/** The payouts area's background work: payments from requested to settled or failed. */
export function definePayoutsJobs(
  jobs: Jobs,
  payouts: PayoutsService,
  options: { clock: Clock; pollMs: number },
) {
  const { clock, pollMs } = options;
  const track = (paymentId: string) =>
    jobs.add(
      TRACK_PAYMENT,
      { paymentId },
      { key: `${TRACK_PAYMENT}:${paymentId}`, runAt: new Date(clock.now().getTime() + pollMs) },
    );
  jobs.define<PaymentJob>({
    name: SEND_PAYMENT,
    description:
      'hand a requested payment to the payout provider (the payment id is its idempotency key), record it sent',
    maxAttempts: 10,
    run: async ({ paymentId }) => {
      if (await payouts.sendPayment(paymentId)) await track(paymentId);
    },
  });
  jobs.define<PaymentJob>({
    name: TRACK_PAYMENT,
    description: 'ask the payout provider where a sent payment is, until it settles or fails',
    maxAttempts: 10,
    run: async ({ paymentId }) => {
      if (await payouts.trackPayment(paymentId)) await track(paymentId);
    },
  });
  jobs.define({
    name: 'payouts.resume',
    description:
      'queue again the jobs of payments left open and untouched for 2 minutes; fail one the provider has not taken a day after it was asked for',
    schedule: '* * * * *',
    run: async () => {
      const stale = await payouts.stalePayments(new Date(clock.now().getTime() - STALE_MS));
      for (const payment of stale)
        if (payment.status === 'requested')
          await jobs.add(
            SEND_PAYMENT,
            { paymentId: payment.id },
            { key: `${SEND_PAYMENT}:${payment.id}` },
          );
        else await track(payment.id);
    },
  });
}
