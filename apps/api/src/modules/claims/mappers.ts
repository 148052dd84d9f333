import {
  BANKING_RECONFIRM_DAYS,
  alertPeriods,
  type BankingConsent,
  type ClaimDocument,
  type ClaimEvent,
  type InsuredItem,
  type ItemAlert,
} from '@tern/domain';
import type {
  ClaimEventRow,
  ClaimFileRow,
  ConsentRow,
  InsuredItemRow,
  ItemAlertWithItem,
  ItemPermissionRow,
} from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A consent the customer granted, as the portal shows it (null for any other). */
const toBankingConsent = (consent: ConsentRow | undefined): BankingConsent | null => {
  if (!consent?.grantedAt || !consent.expiresAt || consent.status !== 'granted') return null;
  return {
    consentId: consent.id,
    bankName: consent.bankName ?? '',
    accounts: (consent.accounts ?? []).map(({ name, accountNumber }) => ({ name, accountNumber })),
    grantedAt: consent.grantedAt.toISOString(),
    expiresAt: consent.expiresAt.toISOString(),
    reconfirmFrom: new Date(
      consent.expiresAt.getTime() - BANKING_RECONFIRM_DAYS * DAY_MS,
    ).toISOString(),
  };
};

/** Whether a consent grants access now: granted and not lapsed. */
export const isLive = (consent: ConsentRow | undefined, now: Date): consent is ConsentRow =>
  consent?.status === 'granted' && !!consent.expiresAt && consent.expiresAt > now;

export const toInsuredItem = (
  row: InsuredItemRow,
  permissions: ItemPermissionRow[],
  consent: ConsentRow | undefined,
  now: Date,
): InsuredItem => ({
  itemId: row.id,
  itemTypeId: row.itemTypeId,
  externalPolicyNumber: row.externalPolicyNumber,
  properties: row.properties,
  permissions: permissions.map((p) => {
    const banking = p.permission === 'BANKING';
    return {
      permission: p.permission as InsuredItem['permissions'][number]['permission'],
      required: p.required,
      // A lapsed consent no longer grants: the chip turns to not connected by itself.
      granted: banking ? p.granted && isLive(consent, now) : p.granted,
      consent: banking ? toBankingConsent(consent) : null,
    };
  }),
  tripId: row.tripId,
  delegated_passenger_id: row.delegatedPassengerId,
  payoutCurrency: row.payoutCurrency,
  disruptionOptions: row.disruptionOptions,
  created: row.createdAt.toISOString(),
});

const toClaimDocument = (file: ClaimFileRow): ClaimDocument => ({
  documentId: file.documentId,
  name: file.name,
  size: file.size,
  state: file.state as ClaimDocument['state'],
  year: file.year,
  month: file.month,
});

export const toItemAlert = (
  { alert, item }: ItemAlertWithItem,
  files: ClaimFileRow[],
): ItemAlert => {
  const periods = alertPeriods(alert.alertDate.toISOString());
  return {
    alertId: alert.id,
    itemId: alert.itemId,
    claimNumber: alert.claimNumber,
    alertDate: alert.alertDate.toISOString(),
    alertType: alert.alertType,
    description: alert.description,
    status: alert.status,
    completed: alert.completed,
    confirmed: alert.confirmed,
    properties: item.properties,
    externalPolicyNumber: item.externalPolicyNumber,
    assigneeDetails: alert.assigneeDetails,
    brokerAssignee: alert.brokerAssignee,
    claimAssignee: alert.claimAssignee,
    data: alert.data,
    datasets: alert.datasets,
    // The mobile number the details were sent with stays with the insurer.
    payouts: alert.payouts.map(
      ({ contactNumber: _contact, emailAddress: _email, payoutMethodId: _method, ...payout }) =>
        payout,
    ),
    trigger: alert.trigger,
    restoration: { start: periods[0]!.start, end: periods.at(-1)!.end },
    documents: files.filter((f) => f.alertId === alert.id).map(toClaimDocument),
  };
};

export const toClaimEvent = (row: ClaimEventRow): ClaimEvent => ({
  eventId: row.id,
  at: row.at.toISOString(),
  actor: row.actor,
  kind: row.kind,
  details: row.details,
});
