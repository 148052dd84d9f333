import { z } from 'zod';
import { defineJobs, type Jobs } from '../../jobs.ts';
import type { BagEngine } from './bag-engine.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import type { OptionsEngine } from './options-engine.ts';

/** What the resolutions area's jobs run with. */
interface Deps {
  engine: OptionsEngine;
  bagEngine: BagEngine;
  fulfilment: FulfilmentService;
}

const resolutionPayload = z.object({ resolutionId: z.uuid() });

/** The resolutions area's background work: bookings with the providers, and the sweep. */
export const resolutionsJobs = defineJobs('resolutions', {
  book: {
    description:
      'book a requested hotel or rebooking with the disruption provider (an idempotency key per attempt), then mark it booked or failed',
    payload: resolutionPayload,
    maxAttempts: 5,
    run: ({ resolutionId }, { fulfilment }: Deps) => fulfilment.book(resolutionId),
  },
  'open-lounge': {
    description:
      "offer a delayed flight's lounges once its original departure has passed (partners that do not issue passes on announcement)",
    payload: resolutionPayload,
    maxAttempts: 5,
    run: ({ resolutionId }, { engine }: Deps) => engine.openLounge(resolutionId),
  },
  'bag-stage': {
    description:
      "open a lost bag's cash stage at its hours after the report, unless the bag was delivered before it (with any earlier stage not yet open)",
    payload: z.object({ bagId: z.uuid(), stage: z.int().min(1) }),
    maxAttempts: 5,
    run: ({ bagId }, { bagEngine }: Deps) => bagEngine.openStages(bagId),
  },
  sweep: {
    description:
      "answer flight alerts of the last two days that have no options yet, open lost bags' cash stages due and not open, pay confirmed cash left unpaid, book requests left unbooked",
    payload: z.object({}),
    schedule: '* * * * *',
    maxAttempts: 1,
    run: async (_job, { fulfilment, bagEngine }: Deps) => {
      // Each sweep whatever the other meets: a failure of one must not hold the other back.
      const swept = await Promise.allSettled([bagEngine.sweep(), fulfilment.sweep()]);
      const failed = swept.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  },
});

/** How the service queues its jobs: one waiting run per resolution. */
export const resolutionsQueues = (jobs: Jobs) => {
  const { book, 'open-lounge': openLounge, 'bag-stage': bagStage } = resolutionsJobs;
  return {
    queueBooking: (resolutionId: string) =>
      jobs.add(book, { resolutionId }, { key: `${book.name}:${resolutionId}` }),
    queueLounge: (resolutionId: string, at: Date) =>
      jobs.add(
        openLounge,
        { resolutionId },
        { key: `${openLounge.name}:${resolutionId}`, runAt: at },
      ),
    queueBagStage: (bagId: string, stage: number, at: Date) =>
      jobs.add(
        bagStage,
        { bagId, stage },
        { key: `${bagStage.name}:${bagId}:${stage}`, runAt: at },
      ),
  };
};
