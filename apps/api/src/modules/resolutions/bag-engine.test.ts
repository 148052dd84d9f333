import { describe, expect, it } from 'vitest';
import { HOUR_MS, partnerConfigSchema } from '@tern/domain';
import { fakeClock } from '../../lib/clock.ts';
import { demoPartner } from '../../../test/app.ts';
import type { PartnerRow } from '../partners/index.ts';
import { bagEngine } from './bag-engine.ts';
import type { BagFacts, BagOptionsRepo, NewBagStage } from './bag-repo.ts';

/**
 * The bag engine on its own, with its repository and job queue stood in for: which stage jobs
 * a bag's change queues, and for when. (The API tests run it against the database.)
 */
function engineFor(bag: BagFacts) {
  const clock = fakeClock(bag.reportedAt ?? undefined);
  const queued: [string, number, string][] = [];
  const opened: NewBagStage[] = [];
  const published: string[] = [];
  const bags = {
    bag: async () => bag,
    openStages: async (_bag: BagFacts, stages: NewBagStage[]) => {
      opened.push(...stages);
      return stages as never;
    },
  } as unknown as BagOptionsRepo;
  const config = partnerConfigSchema.parse(demoPartner('travel').config);
  const engine = bagEngine({
    bags,
    partnerOf: async () => ({ partner: {} as PartnerRow, config }),
    clock,
    moves: { publish: async (userId) => void published.push(userId) },
    queueStage: async (bagId, stage, at) => void queued.push([bagId, stage, at.toISOString()]),
  });
  return { engine, clock, queued, opened, published };
}

const reportedAt = new Date('2026-01-15T12:00:00Z');
const facts: BagFacts = {
  bagId: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  partnerId: 'travel',
  tripId: '00000000-0000-4000-8000-000000000003',
  pir: 'YYZAC12345',
  reportedOnLocal: '2026-01-15 07:00',
  status: 'BAG_REPORTED_LOST',
  reportedAt,
  deliveredAt: null,
};
const at = (hours: number) => new Date(reportedAt.getTime() + hours * HOUR_MS).toISOString();

describe('the bag engine', () => {
  it('queues a job per stage at its hours after the report when the report is completed', async () => {
    const { engine, queued, opened, published } = engineFor(facts);
    await engine.bagChanged(facts.bagId);
    expect(queued).toEqual([
      [facts.bagId, 1, at(12)],
      [facts.bagId, 2, at(24)],
      [facts.bagId, 3, at(48)],
      [facts.bagId, 4, at(96)],
    ]);
    expect(opened).toEqual([]);
    expect(published).toEqual([facts.userId]);
  });

  it('queues only the stages to come on a later change, and opens those due', async () => {
    const { engine, clock, queued, opened } = engineFor(facts);
    clock.advance(30 * HOUR_MS);
    await engine.bagChanged(facts.bagId);
    expect(queued.map(([, stage]) => stage)).toEqual([3, 4]);
    expect(opened).toEqual([
      { stage: 1, afterHours: 12, amount: 5_000, currency: 'CAD' },
      { stage: 2, afterHours: 24, amount: 5_000, currency: 'CAD' },
    ]);
  });

  it('queues nothing for a report not completed, nor for a delivered bag', async () => {
    const writing = engineFor({ ...facts, status: 'REPORTED', reportedAt: null });
    await writing.engine.bagChanged(facts.bagId);
    expect(writing.queued).toEqual([]);
    const delivered = engineFor({ ...facts, status: 'BAG_DELIVERED', deliveredAt: reportedAt });
    await delivered.engine.bagChanged(facts.bagId);
    expect(delivered.queued).toEqual([]);
    expect(delivered.opened).toEqual([]);
  });

  it('opens nothing when a stage job runs before its time by the clock', async () => {
    const { engine, clock, opened, published } = engineFor(facts);
    clock.advance(11 * HOUR_MS);
    await engine.openStages(facts.bagId);
    expect(opened).toEqual([]);
    expect(published).toEqual([]);
  });
});
