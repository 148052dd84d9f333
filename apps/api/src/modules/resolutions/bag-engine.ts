import {
  DAY_MS,
  bagCashPlan,
  bagResolvable,
  bagStageOpensAt,
  openedBagStages,
  type PartnerConfig,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { BagFacts, BagOptionsRepo } from './bag-repo.ts';
import type { PartnerOf, ResolutionMoves } from './moves.ts';

/** The sweep looks this far back: no stage opens later than 30 days after its report. */
const SWEEP_WINDOW_MS = 31 * DAY_MS;

/**
 * The options engine for lost bags (issue 27 item 4): staged cash without receipts at the
 * partner's hours after a bag's report, while the bag is not delivered. Each stage is a job
 * queued for its time when the report is completed; a stage that opens finds the bag as it is
 * then (delivered before it: nothing). A bag declared lost keeps its stages.
 */
export function bagEngine(deps: {
  bags: BagOptionsRepo;
  partnerOf: PartnerOf;
  clock: Clock;
  moves: Pick<ResolutionMoves, 'publish'>;
  /** Queues the opening of a bag's stage at its time (`resolutions.bag-stage`). */
  queueStage: (bagId: string, stage: number, at: Date) => Promise<void>;
}) {
  const { bags, partnerOf, clock, moves } = deps;

  /** Opens the stages due now that are not yet open; answers how many it opened. */
  async function openDue(bag: BagFacts, config: PartnerConfig): Promise<number> {
    if (!bag.reportedAt || !bagResolvable(bag.status)) return 0;
    const due = openedBagStages(
      bagCashPlan(config.resolutions.luggage),
      { reportedAt: bag.reportedAt, deliveredAt: bag.deliveredAt },
      clock.now(),
    );
    const created = await bags.openStages(
      bag,
      due.map(({ stage, afterHours, amount }) => ({
        stage,
        afterHours,
        amount,
        currency: config.payouts.country.currency,
      })),
      clock.now(),
    );
    return created.length;
  }

  /** The bag's stages due now, opened once each. */
  async function openStages(bagId: string): Promise<void> {
    const bag = await bags.bag(bagId);
    if (!bag) return;
    if ((await openDue(bag, (await partnerOf(bag.partnerId)).config)) > 0)
      await moves.publish(bag.userId);
  }

  return {
    /**
     * A bag's status changed (the luggage area's seam, after its commit): a completed report
     * queues its stages at their times; every change opens what is due (a stage whose job ran
     * early, or one due before a delivery) and refreshes the open resolution page (its header shows the status).
     */
    async bagChanged(bagId: string): Promise<void> {
      const bag = await bags.bag(bagId);
      if (!bag?.reportedAt) return;
      const { config } = await partnerOf(bag.partnerId);
      const now = clock.now();
      if (!bag.deliveredAt)
        for (const { stage, afterHours } of bagCashPlan(config.resolutions.luggage)) {
          const at = bagStageOpensAt(bag.reportedAt, afterHours);
          if (at > now) await deps.queueStage(bag.bagId, stage, at);
        }
      await openDue(bag, config);
      await moves.publish(bag.userId);
    },

    /** The `resolutions.bag-stage` job. */
    openStages,

    /**
     * Part of the `resolutions.sweep` job: stages whose job ran before its time by this
     * process's clock, or never ran, opened now.
     */
    async sweep(): Promise<void> {
      const now = clock.now();
      const candidates = await bags.reportedSince(new Date(now.getTime() - SWEEP_WINDOW_MS), 500);
      for (const candidate of candidates) {
        const { config } = await partnerOf(candidate.partnerId);
        // Only bags with a stage the plan has and that is not open yet are read in full.
        if (candidate.opened < bagCashPlan(config.resolutions.luggage).length)
          await openStages(candidate.bagId);
      }
    },
  };
}
export type BagEngine = ReturnType<typeof bagEngine>;
