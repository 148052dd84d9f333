import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../constants.ts';
import { MONTREAL_BAGGAGE_LIMIT_SDR } from '../luggage/index.ts';
import {
  bagCashPlan,
  bagRecommendation,
  bagResolvable,
  bagStageOpensAt,
  nextBagStage,
  openedBagStages,
} from './bag-rules.ts';
import { luggageOffersSchema, resolutionsConfigSchema } from './config.ts';
import { RESOLUTION_TEXT_KEYS } from './texts.ts';

/** Skyward's demo rules: CAD 50, 50, 100 and 150 at 12, 24, 48 and 96 hours, CAD 350 a bag. */
const skyward = luggageOffersSchema.parse({
  stages: [
    { afterHours: 12, amount: 5_000 },
    { afterHours: 24, amount: 5_000 },
    { afterHours: 48, amount: 10_000 },
    { afterHours: 96, amount: 15_000 },
  ],
  capPerBag: 35_000,
});
const reportedAt = new Date('2026-01-15T12:00:00Z');
const after = (hours: number) => new Date(reportedAt.getTime() + hours * HOUR_MS);
const lost = { reportedAt, deliveredAt: null };

describe('the luggage rules in configuration', () => {
  it('offers nothing for a lost bag by default', () => {
    expect(resolutionsConfigSchema.parse({}).luggage).toEqual({ stages: [], capPerBag: 0 });
    expect(bagCashPlan(resolutionsConfigSchema.parse({}).luggage)).toEqual([]);
  });

  it('takes stages each later than the one before, with an amount, and a cap of 0 or more', () => {
    expect(skyward.stages).toHaveLength(4);
    const refused = [
      {
        stages: [
          { afterHours: 24, amount: 100 },
          { afterHours: 12, amount: 100 },
        ],
      },
      {
        stages: [
          { afterHours: 12, amount: 100 },
          { afterHours: 12, amount: 100 },
        ],
      },
      { stages: [{ afterHours: 0, amount: 100 }] },
      { stages: [{ afterHours: 12, amount: 0 }] },
      { stages: [{ afterHours: 12.5, amount: 100 }] },
      { stages: [{ afterHours: 12, amount: -5 }] },
      { stages: [{ afterHours: 12 }] },
      { capPerBag: -1 },
    ];
    for (const bad of refused)
      expect(luggageOffersSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    const [issue] = luggageOffersSchema.safeParse(refused[0]).error!.issues;
    expect(issue!.path).toEqual(['stages', 1, 'afterHours']);
  });
});

describe("a bag's cash plan", () => {
  it('prices every stage when the cap allows them all', () => {
    expect(bagCashPlan(skyward).map((s) => [s.stage, s.afterHours, s.amount, s.capped])).toEqual([
      [1, 12, 5_000, false],
      [2, 24, 5_000, false],
      [3, 48, 10_000, false],
      [4, 96, 15_000, false],
    ]);
  });

  it('cuts the stage that reaches the cap and drops those after it', () => {
    const plan = bagCashPlan({ ...skyward, capPerBag: 15_000 });
    expect(plan.map((s) => [s.stage, s.amount, s.capped])).toEqual([
      [1, 5_000, false],
      [2, 5_000, false],
      [3, 5_000, true],
    ]);
  });

  it('has no cap at 0', () => {
    const plan = bagCashPlan({ ...skyward, capPerBag: 0 });
    expect(plan.reduce((sum, s) => sum + s.amount, 0)).toBe(35_000);
  });
});

describe('which stages have opened', () => {
  const plan = bagCashPlan(skyward);
  const opened = (bag: Parameters<typeof openedBagStages>[1], at: Date) =>
    openedBagStages(plan, bag, at).map((s) => s.stage);

  it('opens none before 12 hours, one at 12 exactly, more as the hours pass', () => {
    expect(opened(lost, after(11.99))).toEqual([]);
    expect(opened(lost, after(12))).toEqual([1]);
    expect(opened(lost, after(30))).toEqual([1, 2]);
    expect(opened(lost, after(48))).toEqual([1, 2, 3]);
    expect(opened(lost, after(200))).toEqual([1, 2, 3, 4]);
  });

  it('opens no stage after the bag was delivered, and keeps those before', () => {
    const delivered = { reportedAt, deliveredAt: after(30) };
    expect(opened(delivered, after(200))).toEqual([1, 2]);
    // Delivered at the stage's very time: that stage does not open.
    expect(opened({ reportedAt, deliveredAt: after(24) }, after(200))).toEqual([1]);
    expect(opened({ reportedAt, deliveredAt: after(1) }, after(200))).toEqual([]);
  });

  it('says when the next stage opens and what it pays, and nothing once delivered or done', () => {
    expect(nextBagStage(plan, lost, after(0))).toEqual({ at: after(12), stage: plan[0] });
    expect(nextBagStage(plan, lost, after(12))).toEqual({ at: after(24), stage: plan[1] });
    expect(nextBagStage(plan, lost, after(96))).toBeNull();
    expect(nextBagStage(plan, { reportedAt, deliveredAt: after(5) }, after(6))).toBeNull();
    expect(nextBagStage([], lost, after(0))).toBeNull();
    expect(bagStageOpensAt(reportedAt, 96)).toEqual(new Date('2026-01-19T12:00:00Z'));
  });
});

describe("a bag's status", () => {
  it('resolves nothing while the report is being written', () => {
    expect(bagResolvable('REPORTED')).toBe(false);
    for (const status of ['BAG_REPORTED_LOST', 'BAG_LOCATED', 'BAG_DELIVERED', 'BAG_LOST'] as const)
      expect(bagResolvable(status)).toBe(true);
  });

  it('recommends a claim under the Montreal Convention once the bag is lost, else nothing', () => {
    expect(bagRecommendation('BAG_LOST')).toBe(RESOLUTION_TEXT_KEYS.bagLost);
    expect(bagRecommendation('BAG_LOCATED')).toBeNull();
    expect(bagRecommendation('BAG_REPORTED_LOST')).toBeNull();
    expect(MONTREAL_BAGGAGE_LIMIT_SDR).toBe(1519);
  });
});
