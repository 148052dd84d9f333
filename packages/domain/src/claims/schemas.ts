import { z } from 'zod';
import { CLAIM_DATASETS } from '../constants.ts';
import { DOCUMENT_STATES } from '../documents/index.ts';
import { booleanQuerySchema } from '../user-scope.ts';
import { TRIGGER_TYPE_NAMES } from './triggers.ts';

/**
 * Insured items and their alerts (claims) — the parametric configuration's datasets ITEMS and
 * ITEM_ALERTS (spec 2 §3 "Insured item", "Claim (item alert)"; §7 "Items, alerts and claims").
 */

/** A permission an item's cover depends on, e.g. open-banking access for revenue figures. */
export const ITEM_PERMISSIONS = ['BANKING'] as const;

/** An open-banking consent as the portal shows it: which accounts, until when. */
export const bankingConsentSchema = z
  .object({
    consentId: z.uuid(),
    /** The bank, as the customer chose it on the provider's page. */
    bankName: z.string(),
    /** The accounts shared, masked. */
    accounts: z.array(z.object({ name: z.string(), accountNumber: z.string() })),
    grantedAt: z.iso.datetime(),
    /** 90 days after it was granted or last reconfirmed; past it the consent has lapsed. */
    expiresAt: z.iso.datetime(),
    /** From when the portal asks the customer to reconfirm it. */
    reconfirmFrom: z.iso.datetime(),
  })
  .meta({ id: 'BankingConsent' });
export type BankingConsent = z.infer<typeof bankingConsentSchema>;

export const itemPermissionSchema = z
  .object({
    permission: z.enum(ITEM_PERMISSIONS),
    required: z.boolean(),
    /** Granted and not lapsed. */
    granted: z.boolean(),
    /** The consent behind a BANKING grant (also a lapsed one, to reconnect). */
    consent: bankingConsentSchema.nullable().default(null),
  })
  .meta({ id: 'ItemPermission' });

/** Shown as the item's "string properties": name and address at least. */
export const itemPropertiesSchema = z
  .object({ name: z.string(), address: z.string().optional() })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .meta({ id: 'ItemProperties' });
export type ItemProperties = z.infer<typeof itemPropertiesSchema>;

export const disruptionOptionsSchema = z
  .object({
    yesAllowed: z.boolean().default(true),
    noAllowed: z.boolean().default(true),
    callMeAllowed: z.boolean().default(false),
  })
  .meta({ id: 'DisruptionOptions' });
export type DisruptionOptions = z.infer<typeof disruptionOptionsSchema>;

export const insuredItemSchema = z
  .object({
    itemId: z.uuid(),
    /** e.g. BUSINESS_PREMISES (parametric) or FLIGHT (travel cover). */
    itemTypeId: z.string(),
    externalPolicyNumber: z.string().nullable(),
    properties: itemPropertiesSchema,
    permissions: z.array(itemPermissionSchema),
    tripId: z.uuid().nullable(),
    delegated_passenger_id: z.uuid().nullable(),
    payoutCurrency: z.string(),
    disruptionOptions: disruptionOptionsSchema,
    created: z.iso.datetime(),
  })
  .meta({ id: 'InsuredItem' });
export type InsuredItem = z.infer<typeof insuredItemSchema>;
export const insuredItemListSchema = z.array(insuredItemSchema).meta({ id: 'InsuredItemList' });

// ── Claims ──────────────────────────────────────────────────────────────────────────────
export const CLAIM_DATASET_NAMES = Object.values(CLAIM_DATASETS) as [
  (typeof CLAIM_DATASETS)[keyof typeof CLAIM_DATASETS],
  ...(typeof CLAIM_DATASETS)[keyof typeof CLAIM_DATASETS][],
];
/** Statuses the portal acts on; any other is shown through its status label (spec 2 §4.9). */
export const CLAIM_STATUSES = [
  'prediction',
  'USER-CONFIRM-OFFER',
  'USER-CONFIRM-DISPUTE',
  'OFFER-ACCEPTED',
  'OFFER-REJECTED',
] as const;
export const CLAIM_PAYOUT_STATUSES = [
  'NONE',
  'FUTURE',
  'CONFIRM',
  'PAYMENT-DETAILS',
  'SENT',
] as const;

/**
 * Why the insurer's offer for a month is what it is: the customer's figure kept; lowered to
 * the bank history's expectation (plus the tolerance); after a dispute, the customer's
 * figure taken on the evidence of a file, or met halfway on notes alone.
 */
export const OFFER_REASONS = [
  'kept',
  'above_history',
  'evidence_accepted',
  'notes_considered',
] as const;
export type OfferReason = (typeof OFFER_REASONS)[number];

/**
 * One month of a dataset (minor units): revenue rows (offers add `previous`, the figure it
 * answers, with why and the bank-based expectation), or a dispute's notes and files.
 */
export const claimDatasetRowSchema = z
  .object({
    year: z.int(),
    month: z.int().min(1).max(12),
    revenue: z.int().nullable().optional(),
    previous: z.int().nullable().optional(),
    reason: z.enum(OFFER_REASONS).optional(),
    /** What the bank history leads to expect for the period. */
    expected: z.int().optional(),
    /**
     * How a prefilled prediction month was worked out from the bank history: the same month
     * last year (whole month) × the trend of the last 3 months × the share of the month.
     */
    basis: z.object({ lastYear: z.int(), trend: z.number(), share: z.number() }).optional(),
    notes: z.string().optional(),
    attachments: z.array(z.object({ documentId: z.uuid(), name: z.string() })).optional(),
  })
  .meta({ id: 'ClaimDatasetRow' });
export type ClaimDatasetRow = z.infer<typeof claimDatasetRowSchema>;

export const claimDatasetSchema = z
  .object({
    datasetId: z.uuid(),
    name: z.enum(CLAIM_DATASET_NAMES),
    access: z.string().optional(),
    step: z.string().optional(),
    completed: z.boolean(),
    notes: z.string().optional(),
    data: z.array(claimDatasetRowSchema),
  })
  .meta({ id: 'ClaimDataset' });
export type ClaimDataset = z.infer<typeof claimDatasetSchema>;

export const claimPayoutSchema = z
  .object({
    payoutId: z.uuid(),
    status: z.enum(CLAIM_PAYOUT_STATUSES),
    periodStart: z.iso.date(),
    periodEnd: z.iso.date(),
    year: z.int(),
    month: z.int().min(1).max(12),
    predictedRevenue: z.int().nullable(),
    actualRevenue: z.int().nullable(),
    profitMargin: z.number(),
    excess: z.int(),
    amountPayable: z.int().nullable(),
    /** The payment once details were sent: its id and where it stands (payouts area). */
    payment: z
      .object({ paymentId: z.uuid(), status: z.enum(['requested', 'sent', 'settled', 'failed']) })
      .nullable()
      .default(null),
  })
  .meta({ id: 'ClaimPayout' });
export type ClaimPayout = z.infer<typeof claimPayoutSchema>;

/** The claim's terms; money in minor units of `currency`. */
export const claimFiguresSchema = z
  .object({
    currency: z.string(),
    /** Percent. */
    profitMargin: z.number(),
    /** Shown only when present, including 0. */
    retention: z.int().nullable(),
    applicableLimit: z.int(),
  })
  .meta({ id: 'ClaimFigures' });
export type ClaimFigures = z.infer<typeof claimFiguresSchema>;

export const assigneeDetailsSchema = z
  .object({
    firstname: z.string().nullable(),
    surname: z.string().nullable(),
    email: z.string().nullable(),
    mobilePhoneNumber: z.string().nullable(),
  })
  .meta({ id: 'AssigneeDetails' });
export type AssigneeDetails = z.infer<typeof assigneeDetailsSchema>;

/** The measured event behind a claim. */
export const claimTriggerSchema = z
  .object({
    type: z.enum(TRIGGER_TYPE_NAMES),
    /** In `unit`: centimetres of water, or minutes without power or under a closure order. */
    measuredValue: z.number(),
    threshold: z.number(),
    unit: z.enum(['cm', 'min']),
    source: z.string(),
    /** When it was measured (UTC). */
    at: z.iso.datetime(),
  })
  .meta({ id: 'ClaimTrigger' });
export type ClaimTrigger = z.infer<typeof claimTriggerSchema>;

/** A file attached to a claim for a month of its dispute. */
export const claimDocumentSchema = z
  .object({
    documentId: z.uuid(),
    name: z.string(),
    size: z.int(),
    state: z.enum(DOCUMENT_STATES),
    year: z.int(),
    month: z.int().min(1).max(12),
  })
  .meta({ id: 'ClaimDocument' });
export type ClaimDocument = z.infer<typeof claimDocumentSchema>;

export const itemAlertSchema = z
  .object({
    alertId: z.uuid(),
    itemId: z.uuid(),
    claimNumber: z.string(),
    /** UTC. */
    alertDate: z.iso.datetime(),
    alertType: z.string(),
    description: z.string(),
    status: z.string(),
    completed: z.boolean(),
    confirmed: z.boolean(),
    properties: itemPropertiesSchema,
    externalPolicyNumber: z.string().nullable(),
    assigneeDetails: assigneeDetailsSchema.nullable(),
    brokerAssignee: z.string().nullable().describe("The broker's email"),
    claimAssignee: z.string().nullable(),
    data: claimFiguresSchema,
    datasets: z.array(claimDatasetSchema),
    payouts: z.array(claimPayoutSchema),
    /** What opened the claim (null for one an insurer opened by hand). */
    trigger: claimTriggerSchema.nullable(),
    /** The restoration period: the alert day to the day before, ALERT_MONTHS_OFFERED later. */
    restoration: z.object({ start: z.iso.date(), end: z.iso.date() }),
    /** The files of the claim's disputes and where each stands (only clean ones are used). */
    documents: z.array(claimDocumentSchema),
  })
  .meta({ id: 'ItemAlert' });
export type ItemAlert = z.infer<typeof itemAlertSchema>;
export const itemAlertListSchema = z.array(itemAlertSchema).meta({ id: 'ItemAlertList' });

/** `?active=true` (the dashboard) or `?itemId&alertId` (one claim). */
export const itemAlertsQuerySchema = z.object({
  active: booleanQuerySchema.optional(),
  itemId: z.uuid({ error: 'validation.invalid' }).optional(),
  alertId: z.uuid({ error: 'validation.invalid' }).optional(),
});

// ── The claim timeline (`/claim/history/{alertId}`) ─────────────────────────────────────
export const CLAIM_ACTORS = ['customer', 'insurer', 'agent', 'system'] as const;
export const CLAIM_EVENT_KINDS = [
  'trigger',
  'opened',
  'prediction-saved',
  'prediction-submitted',
  'offer-made',
  'offer-accepted',
  'offer-rejected',
  'file-added',
  'file-clean',
  'file-refused',
  'dispute-sent',
  'offer-adjusted',
  'month-closed',
  'actual-revenue',
  'payout-details-sent',
  'payout-paid',
  'payout-failed',
] as const;
export type ClaimEventKind = (typeof CLAIM_EVENT_KINDS)[number];

/** One entry of a claim's timeline; `details` holds the figures its text names. */
export const claimEventSchema = z
  .object({
    eventId: z.uuid(),
    at: z.iso.datetime(),
    actor: z.enum(CLAIM_ACTORS),
    kind: z.enum(CLAIM_EVENT_KINDS),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .meta({ id: 'ClaimEvent' });
export type ClaimEvent = z.infer<typeof claimEventSchema>;
export const claimHistorySchema = z
  .object({ alert: itemAlertSchema, events: z.array(claimEventSchema) })
  .meta({ id: 'ClaimHistory' });
export type ClaimHistory = z.infer<typeof claimHistorySchema>;
