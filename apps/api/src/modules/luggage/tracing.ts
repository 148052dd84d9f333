import type { BagStatus } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { PartnerEvents } from '../partners/index.ts';
import type { BagTracingPort, TracingState } from '../../providers/bag-tracing/port.ts';
import type { LostBagRow, LuggageRepo } from './repo.ts';
import { bagChange, raiseBagStatus, type BagChange } from './service.ts';

/** The bag's status for each step of the tracing system (its `reported` is the report itself). */
const STATUS_OF = {
  located: 'BAG_LOCATED',
  forwarded: 'BAG_FORWARDED',
  delivered: 'BAG_DELIVERED',
  lost: 'BAG_LOST',
} as const satisfies Record<Exclude<TracingState, 'reported'>, BagStatus>;
export type TracedStatus = (typeof STATUS_OF)[keyof typeof STATUS_OF];

/** How many files one cycle reads at once: each read is mostly waiting on the provider. */
const CYCLE_CONCURRENCY = 8;

/**
 * Follows every open file with the tracing system: each new step becomes an event of the
 * bag's evidence timeline (source tracing, with its time and station) and the bag's status,
 * once however many workers read it; then the open pages, the customer and the other areas'
 * listeners hear of it.
 */
export function tracingService(deps: {
  repo: LuggageRepo;
  /** A bag's status changed is the partner's event, in the change's transaction. */
  events: PartnerEvents;
  tracing: BagTracingPort;
  clock: Clock;
  live: LiveEvents;
  changed: (change: BagChange) => Promise<void>;
  /** Tells the customer where their bag now stands (an email). */
  tell: (bag: LostBagRow, status: TracedStatus) => Promise<void>;
}) {
  const { repo, tracing, clock, live } = deps;

  /** Reads one bag's file; answers whether anything new was recorded. */
  async function follow(bag: LostBagRow): Promise<boolean> {
    const file = await tracing.status(bag.pir);
    if (!file) return false;
    const events = file.history.flatMap((step) =>
      step.state === 'reported'
        ? []
        : [
            {
              status: STATUS_OF[step.state],
              at: new Date(step.at),
              source: 'tracing' as const,
              station: step.station,
            },
          ],
    );
    const latest = events.at(-1);
    if (!latest) return false;
    const created = await repo.recordEvents(
      bag.id,
      events,
      latest.status,
      clock.now(),
      undefined,
      raiseBagStatus(deps.events),
    );
    if (created.length === 0) return false;
    await live.publish(bag.userId, ['LUGGAGE']);
    for (const event of created.sort((a, b) => a.at.getTime() - b.at.getTime()))
      await deps.changed(bagChange(bag, event));
    // One message for what is new: where the bag stands now.
    if (created.some((event) => event.status === latest.status))
      await deps.tell(bag, latest.status);
    return true;
  }

  return {
    /** Every open file, a few at a time. Answers how many bags moved. */
    async cycle(): Promise<number> {
      const open = await repo.openBags();
      let moved = 0;
      for (let i = 0; i < open.length; i += CYCLE_CONCURRENCY) {
        const done = await Promise.all(open.slice(i, i + CYCLE_CONCURRENCY).map(follow));
        moved += done.filter(Boolean).length;
      }
      return moved;
    },

    /** The bags of one file now (the tracing system said it changed). */
    async followPir(pir: string): Promise<void> {
      for (const bag of await repo.openBagsOfPir(pir)) await follow(bag);
    },
  };
}
export type TracingService = ReturnType<typeof tracingService>;
