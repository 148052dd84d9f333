import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJobs, enqueue } from '../../jobs.ts';

/** What the claims area's jobs run on (its services, composed in index.ts). */
export interface ClaimsJobDeps {
  /** Reads the trigger feed on from its cursor and opens the claims its events call for. */
  readTriggers: () => Promise<unknown>;
  underwrite: (alertId: string) => Promise<void>;
  reviewDispute: (alertId: string) => Promise<void>;
  closeMonths: () => Promise<void>;
}

const claim = z.object({ alertId: z.uuid() });

/** The claims area's background work. */
export const claimsJobs = defineJobs('claims', {
  'read-triggers': {
    description:
      'read the parametric trigger feed on from its cursor: each event that reaches its cover’s threshold opens one claim per item and event, emails the customer and tells their pages',
    payload: z.object({}),
    schedule: '* * * * *',
    maxAttempts: 1,
    run: async (_payload, deps: ClaimsJobDeps) => {
      await deps.readTriggers();
    },
  },
  underwrite: {
    description:
      'make the offer on a submitted revenue prediction: each month checked against the bank history, lowered (with why) when it is well above what the history leads to expect',
    payload: claim,
    run: async ({ alertId }, deps: ClaimsJobDeps) => deps.underwrite(alertId),
  },
  'review-dispute': {
    description:
      'answer a dispute once its files are scanned: the adjusted offer, month by month on the evidence (a clean file, or notes alone)',
    payload: claim,
    run: async ({ alertId }, deps: ClaimsJobDeps) => deps.reviewDispute(alertId),
  },
  'close-months': {
    description:
      'work out the payout rows of accepted claims whose months have closed: the actual revenue from the bank, the amount payable, PAYMENT-DETAILS or NONE',
    payload: z.object({}),
    schedule: '* * * * *',
    maxAttempts: 1,
    run: async (_payload, deps: ClaimsJobDeps) => deps.closeMonths(),
  },
});

/**
 * Asks for the trigger feed to be read now, from any process: the feed's change notice (the
 * simulator's operator command stands in for a real feed's webhook).
 */
export const announceTriggers = (database: Database) => {
  const job = claimsJobs['read-triggers'];
  return enqueue(database, job, {}, { key: job.name });
};

/** Asks for closed months to be worked out now (the operator moved the simulated clock). */
export const announceClockMove = (database: Database) => {
  const job = claimsJobs['close-months'];
  return enqueue(database, job, {}, { key: job.name });
};
