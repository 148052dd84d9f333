import { z } from 'zod';
import { disruptionOptionsSchema } from '../claims/index.ts';
import { kindsOf, resolutionTypeSchema } from './schemas.ts';

/**
 * A partner's product rules for disruptions (issue 14 item 1): which options a disruption
 * brings, from what delay, worth how much. Amounts are minor units of the partner's payout
 * currency, per insured passenger.
 */
export const resolutionOfferSchema = z
  .object({
    type: resolutionTypeSchema,
    /** The alert it answers. */
    on: z.enum(['DELAY', 'CANCELLATION']),
    /** A delay must be at least this long (minutes); 0 for a cancellation. */
    minDelayMinutes: z
      .int()
      .min(0)
      .max(24 * 60)
      .default(0),
    cashPerPassenger: z.int().min(0).default(0),
    pointsPerPassenger: z.int().min(0).default(0),
    /** Cash that opens only when this lounge or hotel ends unbooked (a lounge's value). */
    dependency: z.enum(['LOUNGE', 'HOTEL']).optional(),
    /** Staff confirm it by hand after the customer's choice. */
    manual: z.boolean().default(false),
  })
  .superRefine((offer, ctx) => {
    const kinds = kindsOf(offer.type);
    if (kinds.includes('CASH') && offer.cashPerPassenger <= 0)
      ctx.addIssue({ code: 'custom', path: ['cashPerPassenger'], message: 'cash needs an amount' });
    if (kinds.includes('POINTS') && offer.pointsPerPassenger <= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['pointsPerPassenger'],
        message: 'points need a number',
      });
    if (offer.dependency && offer.type !== 'CASH')
      ctx.addIssue({ code: 'custom', path: ['dependency'], message: 'only cash depends' });
  });
export type ResolutionOffer = z.infer<typeof resolutionOfferSchema>;

/**
 * One stage of a lost bag's cash: paid without receipts once this many hours have passed since
 * the bag's report was completed, while the bag has not been delivered (minor units of the
 * partner's payout currency, for the bag).
 */
export const bagCashStageSchema = z.object({
  afterHours: z
    .int()
    .min(1)
    .max(30 * 24),
  amount: z.int().min(1),
});
export type BagCashStage = z.infer<typeof bagCashStageSchema>;

/**
 * A partner's rules for lost bags (issue 27 item 4): staged fixed cash, e.g. at 12, 24, 48 and
 * 96 hours. The stages' cash together never passes `capPerBag`; the policy's `policyCap` counts
 * bag cash as it counts a flight's.
 */
export const luggageOffersSchema = z
  .object({
    /** In the order they open; none: a lost bag brings no cash. */
    stages: z.array(bagCashStageSchema).max(12).default([]),
    /** The most cash one bag brings across its stages (minor units); 0: no cap. */
    capPerBag: z.int().min(0).default(0),
  })
  .superRefine((luggage, ctx) => {
    luggage.stages.forEach((stage, i) => {
      if (i > 0 && stage.afterHours <= luggage.stages[i - 1]!.afterHours)
        ctx.addIssue({
          code: 'custom',
          path: ['stages', i, 'afterHours'],
          message: 'stages open one after the other: each later than the one before',
        });
    });
  });
export type LuggageOffers = z.infer<typeof luggageOffersSchema>;

export const resolutionsConfigSchema = z
  .object({
    /** The most cash one policy pays across its disruptions (minor units); 0: no cap. */
    policyCap: z.int().min(0).default(0),
    /**
     * A lounge is offered as soon as the airline announces a qualifying delay; off, only once
     * the original departure time has passed.
     */
    loungeOnAnnouncement: z.boolean().default(true),
    disruptionOptions: disruptionOptionsSchema.prefault({}),
    /** In the order the customer is offered them; none: disruptions bring no options. */
    offers: z.array(resolutionOfferSchema).default([]),
    /** Lost bags' staged cash; none by default. */
    luggage: luggageOffersSchema.prefault({}),
  })
  .superRefine((config, ctx) => {
    config.offers.forEach((offer, i) => {
      if (
        offer.dependency &&
        !config.offers.some((other) => other.type === offer.dependency && other.on === offer.on)
      )
        ctx.addIssue({
          code: 'custom',
          path: ['offers', i, 'dependency'],
          message: `no ${offer.dependency} offer on ${offer.on} to depend on`,
        });
    });
  });
export type ResolutionsConfig = z.infer<typeof resolutionsConfigSchema>;

/** What one option is made from: the offer that matched and its worth for the passengers. */
export interface OptionPlan {
  type: string;
  dependency: 'LOUNGE' | 'HOTEL' | null;
  /** Minor units, all passengers together; null when the option pays no cash. */
  amount: number | null;
  points: number | null;
  manual: boolean;
  /** Where the offer stands in the partner's list: the order the options are shown in. */
  position: number;
}

/**
 * The options an alert brings (spec 2 §4.7): every offer for its type whose delay threshold
 * it reaches, once per type, in the partner's order, priced for the passengers.
 */
export function planOptions(
  config: ResolutionsConfig,
  alert: { alertType: 'DELAY' | 'CANCELLATION' | 'ONTIME'; delayMinutes: number },
  passengers: number,
): OptionPlan[] {
  if (alert.alertType === 'ONTIME') return [];
  const seen = new Set<string>();
  const plans: OptionPlan[] = [];
  for (const [position, offer] of config.offers.entries()) {
    if (offer.on !== alert.alertType || seen.has(offer.type)) continue;
    if (alert.alertType === 'DELAY' && alert.delayMinutes < offer.minDelayMinutes) continue;
    seen.add(offer.type);
    const kinds = kindsOf(offer.type);
    plans.push({
      type: offer.type,
      dependency: offer.dependency ?? null,
      amount: kinds.includes('CASH') ? offer.cashPerPassenger * passengers : null,
      points: kinds.includes('POINTS') ? offer.pointsPerPassenger * passengers : null,
      manual: offer.manual,
      position,
    });
  }
  // A dependent option whose lounge or hotel the alert does not bring stands alone.
  return plans.map((plan) =>
    plan.dependency && !plans.some((p) => p.type === plan.dependency)
      ? { ...plan, dependency: null }
      : plan,
  );
}

/** The highest delay threshold of the partner's delay offers that `delayMinutes` reached. */
export function thresholdReached(config: ResolutionsConfig, delayMinutes: number): number | null {
  const reached = config.offers
    .filter((o) => o.on === 'DELAY' && o.minDelayMinutes <= delayMinutes)
    .map((o) => o.minDelayMinutes);
  return reached.length > 0 ? Math.max(...reached) : null;
}

/**
 * The lowest delay threshold of the partner's delay offers above `delayMinutes`: what a
 * longer delay would bring (null: none left).
 */
export function nextThreshold(config: ResolutionsConfig, delayMinutes: number): number | null {
  const ahead = config.offers
    .filter((o) => o.on === 'DELAY' && o.minDelayMinutes > delayMinutes)
    .map((o) => o.minDelayMinutes);
  return ahead.length > 0 ? Math.min(...ahead) : null;
}
