import {
  MONITORED_DATA_TYPES,
  MONITORED_TYPE_DEFAULTS,
  type MonitoredDataType,
} from '@tern/domain/constants';
import type {
  AlertAction,
  Breach,
  MonitoredItem,
  MonitoringAlert,
  ScanStatus,
  Subscriptions,
} from '@tern/domain/monitoring/schemas';
import { alertSeverity } from '@tern/domain/monitoring/severity';

/** Ids of the monitoring tests (valid UUIDs, as the schemas require). */
export const monitoringIds = {
  email: 'b1b1b1b1-b1b1-4b1b-8b1b-b1b1b1b1b1b1',
  passport: 'b2b2b2b2-b2b2-4b2b-8b2b-b2b2b2b2b2b2',
  card: 'b3b3b3b3-b3b3-4b3b-8b3b-b3b3b3b3b3b3',
  alert: 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1',
  otherAlert: 'c2c2c2c2-c2c2-4c2c-8c2c-c2c2c2c2c2c2',
  closedAlert: 'c3c3c3c3-c3c3-4c3c-8c3c-c3c3c3c3c3c3',
  created: 'b9b9b9b9-b9b9-4b9b-8b9b-b9b9b9b9b9b9',
} as const;

/** The personal email address, watched, masked as the API answers it. */
export const itemOf = (overrides: Partial<MonitoredItem> = {}): MonitoredItem => ({
  id: monitoringIds.email,
  dataType: 'EMAIL_ADDRESS',
  friendlyName: 'Personal email',
  displayName: overrides.friendlyName ?? 'Personal email',
  displayValue: 'um****@example.com',
  tokenised: false,
  country: null,
  alerts: [],
  created: '2027-02-01T10:00:00.000Z',
  ...overrides,
});

/**
 * Monitored data as the API answers it: every type in its category with its default maximum
 * (or the one given), holding the items given.
 */
export const subscriptionsOf = (
  items: Partial<Record<MonitoredDataType, MonitoredItem[]>> = {},
  maxAllowed: Partial<Record<MonitoredDataType, number>> = {},
): Subscriptions =>
  Object.fromEntries(
    MONITORED_DATA_TYPES.map((type) => [
      type,
      {
        category: MONITORED_TYPE_DEFAULTS[type].category,
        maxAllowed: maxAllowed[type] ?? MONITORED_TYPE_DEFAULTS[type].maxAllowed,
        items: items[type] ?? [],
      },
    ]),
  ) as Subscriptions;

/** ExampleShop's verified breach of emails and passwords (Have I Been Pwned's fields). */
export const breachOf = (overrides: Partial<Breach> = {}): Breach => ({
  name: 'ExampleShop',
  title: 'ExampleShop',
  domain: 'exampleshop.example',
  breachDate: '2026-11-20',
  addedDate: '2027-02-02T08:00:00.000Z',
  dataClasses: ['Email addresses', 'Passwords'],
  description:
    'In November 2026, <a href="https://exampleshop.example">ExampleShop</a> lost its customer database.',
  isVerified: true,
  isFabricated: false,
  isSpamList: false,
  isSensitive: false,
  ...overrides,
});

/** An open alert on the personal email from ExampleShop's breach, its severity worked out. */
export const alertOf = (overrides: Partial<MonitoringAlert> = {}): MonitoringAlert => {
  const breach = overrides.breach ?? breachOf();
  const dataType = overrides.dataType ?? 'EMAIL_ADDRESS';
  return {
    alertId: monitoringIds.alert,
    itemId: monitoringIds.email,
    dataType,
    friendlyName: 'Personal email',
    displayValue: 'um****@example.com',
    title: breach.title,
    description: breach.description,
    source: breach.name,
    breachDate: breach.breachDate,
    breach,
    severity: alertSeverity(dataType, breach),
    country: null,
    detectedOn: '2027-02-02T09:00:00.000Z',
    completed: false,
    completedOn: null,
    dismissal: null,
    actionsCompleted: 0,
    actionsTotal: 3,
    ...overrides,
  };
};

/** One step of an alert's plan, not done unless told. */
export const actionOf = (
  actionItem: string,
  overrides: Partial<AlertAction> = {},
): AlertAction => ({
  alertId: monitoringIds.alert,
  actionItem,
  completed: false,
  completedOn: null,
  partnerAction: null,
  ...overrides,
});

/** The first scan, complete unless told otherwise. */
export const scanOf = (overrides: Partial<ScanStatus> = {}): ScanStatus => ({
  state: 'complete',
  itemsScanned: 2,
  itemsTotal: 2,
  breachesChecked: 1200,
  alertsFound: 0,
  startedAt: '2027-02-01T10:00:00.000Z',
  completedAt: '2027-02-01T10:01:00.000Z',
  ...overrides,
});
