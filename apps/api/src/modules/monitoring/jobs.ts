import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJobs, enqueue } from '../../jobs.ts';

/** What the monitoring area's jobs run on (its scanner, composed in index.ts). */
export interface MonitoringJobDeps {
  /** Reads the breach source on from its cursor and matches each new breach with every item. */
  readBreaches: () => Promise<unknown>;
  /** The first scan of a subscriber's items against the breaches known. */
  scanSubscriber: (userId: string) => Promise<void>;
  /** A new item checked against the breaches known. */
  scanItem: (itemId: string) => Promise<void>;
}

/** The monitoring area's background work (issue 29). */
export const monitoringJobs = defineJobs('monitoring', {
  'read-breaches': {
    description:
      'read the breach source on from its cursor: each new breach is matched with every monitored item by keyed hash (one alert per item and breach), the subscriber emailed and their pages told',
    payload: z.object({}),
    schedule: '* * * * *',
    maxAttempts: 1,
    run: async (_payload, deps: MonitoringJobDeps) => {
      await deps.readBreaches();
    },
  },
  'scan-subscriber': {
    description:
      'the initial scan of a new subscriber: each monitored item checked against the known breaches, progress shown live on the INITIAL_SCAN card',
    payload: z.object({ userId: z.uuid() }),
    run: async ({ userId }, deps: MonitoringJobDeps) => deps.scanSubscriber(userId),
  },
  'scan-item': {
    description: 'a newly monitored item checked against the known breaches',
    payload: z.object({ itemId: z.uuid() }),
    run: async ({ itemId }, deps: MonitoringJobDeps) => deps.scanItem(itemId),
  },
});

/**
 * Asks for the breach source to be read now, from any process: the source's change notice (the
 * simulator's operator command stands in for a real feed's webhook).
 */
export const announceBreaches = (database: Database) => {
  const job = monitoringJobs['read-breaches'];
  return enqueue(database, job, {}, { key: job.name });
};
