import type { ClaimDataset, ClaimPayout, ItemAlert } from '@tern/domain/claims/schemas';

/** Ids the claim fixtures use (valid UUIDs, as the schemas require). */
export const claimIds = {
  item: 'a1111111-1111-4111-8111-111111111111',
  alert: 'a2222222-2222-4222-8222-222222222222',
  prediction: 'a3333333-3333-4333-8333-333333333333',
  offer: 'a4444444-4444-4444-8444-444444444444',
  method: 'a5555555-5555-4555-8555-555555555555',
} as const;

/** A dataset of a claim: the prediction unless told otherwise, not yet completed, no rows. */
export const datasetOf = (overrides: Partial<ClaimDataset> = {}): ClaimDataset => ({
  datasetId: claimIds.prediction,
  name: 'USER-REVENUE-PREDICTION',
  completed: false,
  data: [],
  ...overrides,
});

/** A payout row of March 2026 (minor units of GBP), ready for its payment details. */
export const payoutOf = (overrides: Partial<ClaimPayout> = {}): ClaimPayout => ({
  payoutId: 'b1111111-1111-4111-8111-111111111111',
  status: 'PAYMENT-DETAILS',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  year: 2026,
  month: 3,
  predictedRevenue: 2_000_000,
  actualRevenue: 500_000,
  profitMargin: 40,
  excess: 0,
  amountPayable: 600_000,
  payment: null,
  ...overrides,
});

/**
 * A Harbour Mutual claim as the API answers it: a flood at a café on 1 March 2026 (six whole
 * months, March to August), in pounds, with a prediction dataset waiting for figures.
 */
export const claimOf = (overrides: Partial<ItemAlert> = {}): ItemAlert => ({
  alertId: claimIds.alert,
  itemId: claimIds.item,
  claimNumber: 'HM-2026-0042',
  alertDate: '2026-03-01T08:00:00.000Z',
  alertType: 'flood',
  description: 'Flood water above the threshold at the premises',
  status: 'prediction',
  completed: false,
  confirmed: false,
  properties: { name: 'Harbour Café', address: '1 Quay Street, Bristol' },
  externalPolicyNumber: 'HM-POL-1',
  assigneeDetails: null,
  brokerAssignee: null,
  claimAssignee: null,
  data: { currency: 'GBP', profitMargin: 40, retention: 0, applicableLimit: 10_000_000 },
  datasets: [datasetOf()],
  payouts: [],
  trigger: null,
  restoration: { start: '2026-03-01', end: '2026-08-31' },
  documents: [],
  ...overrides,
});

/** The six months of the fixture's claim, as dataset rows with the given figures. */
export const monthsOf = (figures: readonly number[]) =>
  figures.map((revenue, index) => ({ year: 2026, month: 3 + index, revenue }));
