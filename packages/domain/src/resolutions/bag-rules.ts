import { HOUR_MS } from '../constants.ts';
import type { BagStatus } from '../luggage/index.ts';
import type { LuggageOffers } from './config.ts';
import { RESOLUTION_TEXT_KEYS } from './texts.ts';

/**
 * The rules of a lost bag's staged cash (issue 27 item 4), shared by the API (which opens the
 * stages) and the portal (which says what comes next): when each stage opens, which have
 * opened, and what each pays within the bag's cap.
 */

/** One stage of a bag's cash as the partner's rules price it. */
export interface BagStagePlan {
  /** 1 for the first stage, as the partner lists them. */
  stage: number;
  afterHours: number;
  /** Minor units, within the bag's cap. */
  amount: number;
  /** The bag's cap cut it below the stage's amount. */
  capped: boolean;
}

/**
 * The stages a lost bag may bring, each priced within the bag's cap: the cap left after the
 * stages before it. A stage the cap leaves nothing for is not offered.
 */
export function bagCashPlan(luggage: LuggageOffers): BagStagePlan[] {
  let left = luggage.capPerBag > 0 ? luggage.capPerBag : Number.POSITIVE_INFINITY;
  const plan: BagStagePlan[] = [];
  luggage.stages.forEach((stage, i) => {
    const amount = Math.min(stage.amount, left);
    if (amount <= 0) return;
    left -= amount;
    plan.push({
      stage: i + 1,
      afterHours: stage.afterHours,
      amount,
      capped: amount < stage.amount,
    });
  });
  return plan;
}

/** When a stage opens: its hours after the bag's report was completed. */
export const bagStageOpensAt = (reportedAt: Date, afterHours: number): Date =>
  new Date(reportedAt.getTime() + afterHours * HOUR_MS);

/** What the stages are judged on: when the report was completed, when the bag came back. */
export interface BagTimes {
  /** When the report was completed (BAG_REPORTED_LOST); the hours count from here. */
  reportedAt: Date;
  /** When the bag was delivered; null while it is not. */
  deliveredAt: Date | null;
}

/**
 * The stages open at `now`: each whose time has come and before which the bag was not
 * delivered (delivered at or before a stage's time: that stage and the later ones never open).
 * A bag declared lost keeps its stages: it is still not delivered.
 */
export function openedBagStages(plan: readonly BagStagePlan[], bag: BagTimes, now: Date) {
  return plan.filter((stage) => {
    const at = bagStageOpensAt(bag.reportedAt, stage.afterHours);
    return at <= now && (bag.deliveredAt === null || bag.deliveredAt > at);
  });
}

/**
 * The stage to come after `now` (when it opens, what it pays), or null: none left, or the bag
 * delivered.
 */
export function nextBagStage(
  plan: readonly BagStagePlan[],
  bag: BagTimes,
  now: Date,
): { at: Date; stage: BagStagePlan } | null {
  if (bag.deliveredAt !== null) return null;
  for (const stage of plan) {
    const at = bagStageOpensAt(bag.reportedAt, stage.afterHours);
    if (at > now) return { at, stage };
  }
  return null;
}

/**
 * Whether a bag's options can be shown or resolved: not while its report is being written
 * (REPORTED): nothing is resolved before the report is filed (403 BAG_RESOLUTION_PENDING).
 */
export const bagResolvable = (status: BagStatus): boolean => status !== 'REPORTED';

/**
 * What the bag's card recommends (spec 2 §2.5), a `resolutions` text key: once the bag is
 * declared lost, to claim its value from the airline under the Montreal Convention; else null.
 */
export const bagRecommendation = (status: BagStatus): string | null =>
  status === 'BAG_LOST' ? RESOLUTION_TEXT_KEYS.bagLost : null;
