import { z } from 'zod';
import {
  CLAIM_DATASETS,
  DISPUTE_DATASET,
  FILES_PER_PERIOD,
  NOTES_MAX,
  PAYOUT_DESCRIPTION_MAX,
  TEXT_MAX_LENGTH,
} from '../constants.ts';
import { emailSchema } from '../rules/email.ts';
import { internationalPhoneSchema } from '../rules/phone.ts';
import { textSchema } from '../rules/text.ts';

/** What the claims routes take (spec 2 §5 "Revenue prediction", "Disagreement", "Payment details"). */

const id = z.uuid({ error: 'validation.invalid' });
export const itemPathSchema = z.object({ itemId: id });
export const alertPathSchema = z.object({ itemId: id, alertId: id });
export const datasetPathSchema = z.object({ itemId: id, alertId: id, datasetId: id });
export const claimPayoutPathSchema = z.object({ itemId: id, alertId: id, payoutId: id });
export const historyPathSchema = z.object({ alertId: id });

/** The longest name or address line of an insured business. */
export const ITEM_TEXT_MAX = 200;
/** The most a month's revenue may be (minor units): refuses absurd figures, not big shops. */
export const REVENUE_MAX = 100_000_000_000;

/** `PATCH /platform/items/{itemId}`: the business's name or address as the customer corrects them. */
export const itemPatchSchema = z
  .object({
    properties: z
      .object({
        name: textSchema({ required: true, max: ITEM_TEXT_MAX }).optional(),
        address: textSchema({ required: true, max: ITEM_TEXT_MAX }).optional(),
      })
      .strict(),
  })
  .strict();
export type ItemPatch = z.infer<typeof itemPatchSchema>;

/** One business of the parametric proposition. */
export const newItemSchema = z.object({
  itemTypeId: z.literal('BUSINESS_PREMISES', { error: 'validation.invalid' }),
  properties: z
    .object({
      name: textSchema({ required: true, max: ITEM_TEXT_MAX }),
      address: textSchema({ required: true, max: ITEM_TEXT_MAX }),
      businessType: textSchema({ max: ITEM_TEXT_MAX }).optional(),
    })
    .strict(),
  /** Percent of revenue that is profit: the claims' margin. */
  profitMargin: z.number().min(1, 'validation.invalid').max(100, 'validation.invalid'),
});

/**
 * `POST /platform/items/transaction` (spec 2 §7) for the parametric proposition: the user, the
 * proposition, the tag `business` (flights are tagged `booking`), the policy it is written
 * under, the businesses insured.
 */
export const businessItemsTransactionSchema = z
  .object({
    userId: id,
    propositionId: textSchema({ required: true, max: TEXT_MAX_LENGTH }),
    tag: z.literal('business'),
    externalPolicyNumber: textSchema({ required: true, max: TEXT_MAX_LENGTH }),
    items: z.array(newItemSchema).min(1, 'validation.required').max(10, 'validation.invalid'),
  })
  .strict();
export type BusinessItemsTransaction = z.infer<typeof businessItemsTransactionSchema>;

/** `PATCH …/alerts/{alertId}`: accept the offer (confirmed) or reject it (completed). */
export const alertPatchSchema = z.union([
  z.object({ confirmed: z.literal(true) }).strict(),
  z.object({ completed: z.literal(true) }).strict(),
]);
export type AlertPatch = z.infer<typeof alertPatchSchema>;

const monthSchema = z.object({
  year: z.int().min(2000).max(2100),
  month: z.int().min(1).max(12),
});

/**
 * `PATCH …/datasets/{datasetId}` on USER-REVENUE-PREDICTION: a figure (minor units) for every
 * period of the alert month split; `completed: true` submits it for the offer.
 */
export const predictionPatchSchema = z
  .object({
    data: z
      .array(
        monthSchema.extend({
          revenue: z
            .int({ error: 'validation.required' })
            .min(0, 'validation.invalid')
            .max(REVENUE_MAX, 'validation.invalid'),
        }),
      )
      .min(1, 'validation.required')
      .max(12, 'validation.invalid'),
    completed: z.boolean(),
  })
  .strict();
export type PredictionPatch = z.infer<typeof predictionPatchSchema>;

/** The form-level error when no period of a disagreement has a note or a file (spec 2 §5). */
export const DISAGREEMENT_SELECTION_ERROR =
  'parametric.claims.actions.offer_disagreement.errors.selection';

/** A disputed period: its notes and up to FILES_PER_PERIOD files uploaded to the claim. */
export const disputePeriodSchema = monthSchema.extend({
  notes: z.string().max(NOTES_MAX, 'validation.max_length').default(''),
  attachments: z
    .array(z.object({ documentId: id, name: z.string().max(200) }))
    .max(FILES_PER_PERIOD, 'validation.file_limit')
    .default([]),
});

/** `POST …/alerts/{alertId}/datasets`: the customer's disagreement with the offer. */
export const disputeDatasetSchema = z
  .object({
    name: z.literal(CLAIM_DATASETS.dispute),
    access: z.literal(DISPUTE_DATASET.access),
    step: z.literal(DISPUTE_DATASET.step),
    data: z.array(disputePeriodSchema).min(1, DISAGREEMENT_SELECTION_ERROR).max(12),
  })
  .strict()
  .refine(
    (dispute) => dispute.data.some((p) => p.notes.trim() !== '' || p.attachments.length > 0),
    { message: DISAGREEMENT_SELECTION_ERROR, path: ['data'] },
  );
export type DisputeDataset = z.infer<typeof disputeDatasetSchema>;

/** `POST …/alerts/{alertId}/attachments?name`: a file uploaded through a stream URL, for a month. */
export const alertAttachmentQuerySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.max_length'),
});
export const alertAttachmentBodySchema = monthSchema.extend({ documentId: id }).strict();

/**
 * `PATCH …/payouts/{payoutId}` (spec 2 §7 "Update alert payout"): the payment details sent —
 * status SENT, the mobile number to reach the customer on, the payout method to pay.
 */
export const claimPayoutPatchSchema = z
  .object({
    status: z.literal('SENT', { error: 'validation.invalid' }),
    contactNumber: internationalPhoneSchema,
    payoutMethodId: id,
    /** The payment's reference on the customer's statement (spec 2 §5: at most 45). */
    description: textSchema({ max: PAYOUT_DESCRIPTION_MAX }).optional(),
    /** Where the payment's remittance notice goes (spec 2 §5: the form asks for an email). */
    emailAddress: emailSchema.optional(),
  })
  .strict();
export type ClaimPayoutPatch = z.infer<typeof claimPayoutPatchSchema>;

/** `POST /platform/banking/consents`: start the consent journey, back to `returnPath`. */
export const consentStartSchema = z
  .object({
    returnPath: z
      .string()
      .regex(/^\/[\w\-/]*$/, 'validation.invalid')
      .max(200)
      .default('/claims'),
  })
  .strict();
/** What the bank sends back to the portal, which the portal hands to the API. */
export const consentCompleteSchema = z
  .object({
    code: z.string().min(1).max(200),
    state: z.string().min(1).max(200),
  })
  .strict();
export const consentPathSchema = z.object({ consentId: id });
