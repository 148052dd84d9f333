import type { Jobs } from '../../jobs.ts';
import type { ResolutionsService } from './service.ts';

const BOOK = 'resolutions.book';
const OPEN_LOUNGE = 'resolutions.open-lounge';

type ResolutionJob = { resolutionId: string };

/** The resolutions area's background work: bookings with the providers, and the sweep. */
export function defineResolutionsJobs(jobs: Jobs, service: () => ResolutionsService) {
  jobs.define<ResolutionJob>({
    name: BOOK,
    description:
      'book a requested hotel or rebooking with the disruption provider (an idempotency key per attempt), then mark it booked or failed',
    maxAttempts: 5,
    run: ({ resolutionId }) => service().book(resolutionId),
  });
  jobs.define<ResolutionJob>({
    name: OPEN_LOUNGE,
    description:
      "offer a delayed flight's lounges once its original departure has passed (partners that do not issue passes on announcement)",
    maxAttempts: 5,
    run: ({ resolutionId }) => service().openLounge(resolutionId),
  });
  jobs.define({
    name: 'resolutions.sweep',
    description:
      'answer flight alerts of the last two days that have no options yet, pay confirmed cash left unpaid, book requests left unbooked',
    schedule: '* * * * *',
    maxAttempts: 1,
    run: () => service().sweep(),
  });
  return {
    queueBooking: (resolutionId: string) =>
      jobs.add(BOOK, { resolutionId }, { key: `${BOOK}:${resolutionId}` }),
    queueLounge: (resolutionId: string, at: Date) =>
      jobs.add(OPEN_LOUNGE, { resolutionId }, { key: `${OPEN_LOUNGE}:${resolutionId}`, runAt: at }),
  };
}
