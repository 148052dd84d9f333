import { z } from 'zod';
import { CLAIM_DATASETS } from '../constants.ts';
import { booleanQuerySchema } from '../user-scope.ts';

/**
 * Insured items and their alerts (claims) — the parametric configuration's datasets ITEMS and
 * ITEM_ALERTS (spec 2 §3 "Insured item", "Claim (item alert)"; §7 "Items, alerts and claims").
 */

/** A permission an item's cover depends on, e.g. open-banking access for revenue figures. */
export const ITEM_PERMISSIONS = ['BANKING'] as const;
export const itemPermissionSchema = z
  .object({
    permission: z.enum(ITEM_PERMISSIONS),
    required: z.boolean(),
    granted: z.boolean(),
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

/** One month of a dataset: revenue rows (offers add `previous`), or a dispute's notes and files. */
export const claimDatasetRowSchema = z
  .object({
    year: z.int(),
    month: z.int().min(1).max(12),
    revenue: z.number().nullable().optional(),
    previous: z.number().nullable().optional(),
    notes: z.string().optional(),
    attachments: z.array(z.object({ documentId: z.string(), name: z.string() })).optional(),
  })
  .meta({ id: 'ClaimDatasetRow' });

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
    predictedRevenue: z.number().nullable(),
    actualRevenue: z.number().nullable(),
    profitMargin: z.number(),
    excess: z.number(),
    amountPayable: z.number().nullable(),
  })
  .meta({ id: 'ClaimPayout' });
export type ClaimPayout = z.infer<typeof claimPayoutSchema>;

export const claimFiguresSchema = z
  .object({
    currency: z.string(),
    /** Percent. */
    profitMargin: z.number(),
    /** Shown only when present, including 0. */
    retention: z.number().nullable(),
    applicableLimit: z.number(),
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
