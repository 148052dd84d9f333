import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJobs, enqueue } from '../../jobs.ts';

/** What the claims area's jobs run on (its services, composed in index.ts). */
export interface ClaimsJobDeps {
  /** Reads the trigger feed on from its cursor and opens the claims its events call for. */
  readTriggers: () => Promise<void>;
}

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
});

/**
 * Asks for the trigger feed to be read now, from any process: the feed's change notice (the
 * simulator's operator command stands in for a real feed's webhook).
 */
export const announceTriggers = (database: Database) => {
  const job = claimsJobs['read-triggers'];
  return enqueue(database, job, {}, { key: job.name });
};
