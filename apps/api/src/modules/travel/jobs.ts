import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { defineJobs, enqueue, type Jobs } from '../../jobs.ts';
import type { StatusKey } from './repo.ts';
import type { WatchService } from './watch.ts';

/** The travel area's background work: watching insured flights. */
export const travelJobs = defineJobs('travel', {
  watch: {
    description:
      "ask the flight provider about every insured flight due a look (more often as departure nears), keep each change as the flight's history, record alerts once, tell the user",
    payload: z.object({}),
    schedule: '* * * * *',
    maxAttempts: 1,
    run: async (_job, watch: WatchService) => {
      await watch.cycle();
    },
  },
  'check-flight': {
    description:
      'look at one insured flight now: after a customer notice (notify-alert) or a change the provider announces',
    payload: z.object({ flightNumber: z.string(), statusKeyUtc: z.iso.datetime() }),
    maxAttempts: 5,
    run: async ({ flightNumber, statusKeyUtc }, watch: WatchService) => {
      await watch.checkKey({ flightNumber, statusKeyUtc: new Date(statusKeyUtc) });
    },
  },
});

/** A look at a flight now, as `add` takes it: one waiting per flight, however many ask. */
function flightCheck(key: StatusKey) {
  const job = travelJobs['check-flight'];
  const statusKeyUtc = key.statusKeyUtc.toISOString();
  return [
    job,
    { flightNumber: key.flightNumber, statusKeyUtc },
    { key: `${job.name}:${key.flightNumber}:${statusKeyUtc}` },
  ] as const;
}

/** Queues a look at a provider flight now (a customer's notice). */
export const queueFlightCheck = (jobs: Jobs, key: StatusKey) => jobs.add(...flightCheck(key));

/**
 * Asks for a look at a provider flight from any process — the flight provider's change
 * notice (the simulator's operator command stands in for a real provider's webhook).
 */
export const announceFlightChange = (database: Database, key: StatusKey) =>
  enqueue(database, ...flightCheck(key));
