import type { Database } from '../../db/client.ts';
import { enqueue, type Jobs } from '../../jobs.ts';
import type { StatusKey } from './repo.ts';
import type { WatchService } from './watch.ts';

const WATCH = 'travel.watch';
/** Look at one provider flight now: a customer's notice, or the provider saying it changed. */
export const CHECK_FLIGHT = 'travel.check-flight';
const CHECK_ATTEMPTS = 5;

type CheckPayload = { flightNumber: string; statusKeyUtc: string };

const checkOptions = (key: StatusKey) => ({
  // One waiting look per flight, however many ask.
  key: `${CHECK_FLIGHT}:${key.flightNumber}:${key.statusKeyUtc.toISOString()}`,
  maxAttempts: CHECK_ATTEMPTS,
});

/**
 * Asks for a look at a provider flight from any process — the flight provider's change
 * notice (the simulator's operator command stands in for a real provider's webhook).
 */
export const announceFlightChange = (database: Database, key: StatusKey) =>
  enqueue(
    database,
    CHECK_FLIGHT,
    { flightNumber: key.flightNumber, statusKeyUtc: key.statusKeyUtc.toISOString() },
    checkOptions(key),
  );

/** The travel area's background work: watching insured flights. */
export function defineTravelJobs(jobs: Jobs, watch: WatchService) {
  jobs.define({
    name: WATCH,
    description:
      "ask the flight provider about every insured flight due a look (more often as departure nears), keep each change as the flight's history, record alerts once, tell the user",
    schedule: '* * * * *',
    maxAttempts: 1,
    run: async () => {
      await watch.cycle();
    },
  });
  jobs.define<CheckPayload>({
    name: CHECK_FLIGHT,
    description:
      'look at one insured flight now: after a customer notice (notify-alert) or a change the provider announces',
    maxAttempts: CHECK_ATTEMPTS,
    run: async ({ flightNumber, statusKeyUtc }) => {
      await watch.checkKey({ flightNumber, statusKeyUtc: new Date(statusKeyUtc) });
    },
  });
  return {
    checkNow: (key: StatusKey) =>
      jobs.add(
        CHECK_FLIGHT,
        { flightNumber: key.flightNumber, statusKeyUtc: key.statusKeyUtc.toISOString() },
        { key: checkOptions(key).key },
      ),
  };
}
