import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJobs, enqueue } from '../../jobs.ts';
import type { TracingService } from './tracing.ts';

/** The luggage area's background work: following lost bags with the airline's tracing system. */
export const luggageJobs = defineJobs('luggage', {
  trace: {
    description:
      'read every open lost-bag file from the tracing system, keep each new status with its time, source and station, tell the customer, their pages and the resolutions area',
    payload: z.object({}),
    schedule: '*/5 * * * *',
    maxAttempts: 1,
    run: async (_job, tracing: TracingService) => {
      await tracing.cycle();
    },
  },
  'trace-file': {
    description: 'read one file now: the tracing system (the simulator’s operator) said it changed',
    payload: z.object({ pir: z.string() }),
    maxAttempts: 5,
    run: async ({ pir }, tracing: TracingService) => {
      await tracing.followPir(pir);
    },
  },
});

/**
 * Asks for a look at a file from any process — the tracing system's change notice (the
 * simulator's operator command stands in for a real system's webhook).
 */
export const announceBagChange = (database: Database, pir: string) => {
  const job = luggageJobs['trace-file'];
  return enqueue(database, job, { pir }, { key: `${job.name}:${pir}` });
};
