import { describe, expect, it } from 'vitest';
import { defineDataset, type Dataset } from './dataset.ts';
import { loadingPlan } from './loading-plan.ts';

const dataset = (name: Dataset['name'], stage: Dataset['stage']) =>
  defineDataset({ name, stage, fetch: async () => null });

describe('loadingPlan', () => {
  it('puts each dataset in its stage, in the spec order whatever the areas give', () => {
    const plan = loadingPlan([
      dataset('TRIPS', 3),
      dataset('POLICIES', 1),
      dataset('PASSENGERS', 3),
      dataset('USER_DETAILS', 1),
      dataset('PAYOUT_CONFIGS', 2),
    ]);
    expect(plan.map((stage) => stage.datasets.map((d) => d.name))).toEqual([
      ['USER_DETAILS', 'POLICIES'],
      ['PAYOUT_CONFIGS'],
      ['PASSENGERS', 'TRIPS'],
    ]);
  });

  it('skips a stage no area fills', () => {
    const plan = loadingPlan([dataset('USER_DETAILS', 1), dataset('OWL_ALERTS', 3)]);
    expect(plan.map((stage) => stage.datasets.map((d) => d.name))).toEqual([
      ['USER_DETAILS'],
      ['OWL_ALERTS'],
    ]);
  });
});
