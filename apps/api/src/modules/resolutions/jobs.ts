import { z } from 'zod';
import { defineJobs, type Jobs } from '../../jobs.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import type { OptionsEngine } from './options-engine.ts';

/** What the resolutions area's jobs run with. */
interface Deps {
  engine: OptionsEngine;
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
  sweep: {
    description:
      'answer flight alerts of the last two days that have no options yet, pay confirmed cash left unpaid, book requests left unbooked',
    payload: z.object({}),
    schedule: '* * * * *',
    maxAttempts: 1,
    run: (_job, { fulfilment }: Deps) => fulfilment.sweep(),
  },
});

/** How the service queues its jobs: one waiting run per resolution. */
export const resolutionsQueues = (jobs: Jobs) => {
  const { book, 'open-lounge': openLounge } = resolutionsJobs;
  return {
    queueBooking: (resolutionId: string) =>
      jobs.add(book, { resolutionId }, { key: `${book.name}:${resolutionId}` }),
    queueLounge: (resolutionId: string, at: Date) =>
      jobs.add(
        openLounge,
        { resolutionId },
        { key: `${openLounge.name}:${resolutionId}`, runAt: at },
      ),
  };
};
