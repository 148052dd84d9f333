import { CLAIM_DATASETS } from '@tern/domain/constants';
import type {
  BankingConsent,
  ClaimEvent,
  InsuredItem,
  ItemAlert,
} from '@tern/domain/claims/schemas';

/** Ids of the claims tests (valid UUIDs, as the schemas require). */
export const claimIds = {
  item: 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1',
  otherItem: 'a2a2a2a2-a2a2-4a2a-8a2a-a2a2a2a2a2a2',
  consent: 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1',
  alert: 'e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1',
  otherAlert: 'e2e2e2e2-e2e2-4e2e-8e2e-e2e2e2e2e2e2',
  dataset: 'd1d1d1d1-d1d1-4d1d-8d1d-d1d1d1d1d1d1',
  offer: 'd2d2d2d2-d2d2-4d2d-8d2d-d2d2d2d2d2d2',
} as const;

const DAY = 24 * 60 * 60 * 1000;

/** A consent granted `grantedDaysAgo` days ago, for 90 days, reconfirmable in its last 14. */
export const consentOf = (grantedDaysAgo = 10, overrides: Partial<BankingConsent> = {}) => {
  const granted = Date.now() - grantedDaysAgo * DAY;
  return {
    consentId: claimIds.consent,
    bankName: 'Harbour Savings Bank',
    accounts: [{ name: 'Business current', accountNumber: '****4321' }],
    grantedAt: new Date(granted).toISOString(),
    expiresAt: new Date(granted + 90 * DAY).toISOString(),
    reconfirmFrom: new Date(granted + 76 * DAY).toISOString(),
    ...overrides,
  } satisfies BankingConsent;
};

/** An insured café whose cover needs open banking, not granted unless a consent is given. */
export const itemOf = (
  overrides: Partial<InsuredItem> = {},
  banking: { required?: boolean; consent?: BankingConsent | null } = {},
): InsuredItem => ({
  itemId: claimIds.item,
  itemTypeId: 'BUSINESS_PREMISES',
  externalPolicyNumber: 'HM-BI-1001',
  properties: { name: 'Quayside Café', address: '12 Harbour Row, Bristol', businessType: 'Café' },
  permissions: [
    {
      permission: 'BANKING',
      required: banking.required ?? true,
      granted: Boolean(banking.consent),
      consent: banking.consent ?? null,
    },
  ],
  tripId: null,
  delegated_passenger_id: null,
  payoutCurrency: 'GBP',
  disruptionOptions: { yesAllowed: true, noAllowed: true, callMeAllowed: false },
  created: '2027-01-05T10:00:00.000Z',
  ...overrides,
});

/**
 * A claim of the café opened by a flood on 14 March 2027, waiting for its revenue
 * prediction: £500 retention, £25,000 limit, 30% margin.
 */
export const claimOf = (overrides: Partial<ItemAlert> = {}): ItemAlert => ({
  alertId: claimIds.alert,
  itemId: claimIds.item,
  claimNumber: 'HM-CLM-2027-0001',
  alertDate: '2027-03-14T09:30:00.000Z',
  alertType: 'FLOOD',
  description: 'Water at the premises above the cover’s threshold',
  status: 'prediction',
  completed: false,
  confirmed: false,
  properties: { name: 'Quayside Café', address: '12 Harbour Row, Bristol' },
  externalPolicyNumber: 'HM-BI-1001',
  assigneeDetails: {
    firstname: 'Cora',
    surname: 'Marsh',
    email: 'claims@harbourmutual.example',
    mobilePhoneNumber: null,
  },
  brokerAssignee: 'broker@harbourmutual.example',
  claimAssignee: null,
  data: { currency: 'GBP', profitMargin: 30, retention: 50_000, applicableLimit: 2_500_000 },
  datasets: [
    {
      datasetId: claimIds.dataset,
      name: CLAIM_DATASETS.prediction,
      access: 'USER',
      step: 'PREDICTION',
      completed: false,
      data: [],
    },
  ],
  payouts: [],
  trigger: {
    type: 'flood',
    measuredValue: 45,
    threshold: 30,
    unit: 'cm',
    source: 'Environment Agency gauge',
    at: '2027-03-14T09:30:00.000Z',
  },
  restoration: { start: '2027-03-14', end: '2027-09-13' },
  documents: [],
  ...overrides,
});

/** The offer dataset of a claim, sent (completed) or not. */
export const offerDataset = (completed: boolean): ItemAlert['datasets'][number] => ({
  datasetId: claimIds.offer,
  name: CLAIM_DATASETS.offer,
  access: 'INSURER',
  step: 'OFFER',
  completed,
  data: [],
});

let events = 0;
/** One entry of a claim's timeline. */
export const eventOf = (event: Omit<ClaimEvent, 'eventId'>): ClaimEvent => ({
  eventId: `f0f0f0f0-f0f0-4f0f-8f0f-${String(++events).padStart(12, '0')}`,
  ...event,
});
