import { z } from 'zod';
import { nameSchema } from '../rules/names.ts';
import { textSchema } from '../rules/text.ts';
import {
  RESOLUTION_CATEGORIES,
  RESOLUTION_KINDS,
  RESOLUTION_STATUSES,
  type ResolutionCategory,
} from './schemas.ts';

/**
 * The queries and bodies of the resolution calls (spec 2 §7 "Resolutions" and "Named
 * actions"), checked alike by the forms and the API.
 */

const id = z.uuid({ error: 'validation.invalid' });

/** Which ids each category needs (spec 2 §7 "Fetch resolution options"). */
const CATEGORY_IDS: Record<
  ResolutionCategory,
  readonly ('tripId' | 'flightId' | 'bagId' | 'itemId')[]
> = {
  flights: ['tripId', 'flightId'],
  luggage: ['bagId'],
  parametric: ['itemId'],
};

const subjectShape = {
  category: z.enum(RESOLUTION_CATEGORIES, { error: 'validation.invalid' }).default('flights'),
  tripId: id.optional(),
  flightId: id.optional(),
  bagId: id.optional(),
  itemId: id.optional(),
  /** The monitored datum a parametric alert came from (informative). */
  monitorId: z.string().max(100).optional(),
};

const requireCategoryIds = (
  value: { category: ResolutionCategory } & Partial<Record<string, unknown>>,
  ctx: z.RefinementCtx,
) => {
  for (const key of CATEGORY_IDS[value.category])
    if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'validation.required' });
};

/** `GET /platform/resolutions/options`: category flights (tripId, flightId), luggage (bagId) or parametric (itemId). */
export const resolutionOptionsQuerySchema = z.object(subjectShape).superRefine(requireCategoryIds);
export type ResolutionOptionsQuery = z.infer<typeof resolutionOptionsQuerySchema>;

/**
 * `PUT /platform/resolutions`: the insured's answer to one option (spec 2 §4.7 "Customer
 * actions"). The query parameters of the options call travel along and must match. Exactly
 * one answer: rejected (No), callMe, accepted (Yes to a rebooking or hotel), status None (no
 * terminal access), a lounge with its guests, a hotel or flights picked, a combined option's
 * kind, a cash or points claim (cash with its payout method).
 */
export const resolutionSelectionSchema = z
  .object({
    ...subjectShape,
    category: subjectShape.category.optional(),
    resolutionId: id,
    rejected: z.boolean().optional(),
    callMe: z.boolean().optional(),
    accepted: z.boolean().optional(),
    status: z.literal('None').optional(),
    /** A combined option's kind, and its option id (the resolution's own). */
    resolutionType: z.enum(RESOLUTION_KINDS, { error: 'validation.invalid' }).optional(),
    optionId: id.optional(),
    payoutMethodId: id.optional(),
    loungeId: z.string().min(1).max(100).optional(),
    firstName: nameSchema().optional(),
    surname: nameSchema().optional(),
    /**
     * The guests of a lounge booking: trip passengers (the lead guest named above first), at
     * least one as the form asks; without them, the lead guest alone.
     */
    passengerIds: z.array(id).min(1, { error: 'validation.one_passenger' }).max(9).optional(),
    alternateId: z.string().min(1).max(200).optional(),
    flightIds: z.array(z.string().min(1).max(500)).min(1).max(4).optional(),
    /** Sent from the dashboard rather than the resolution page (informative). */
    isDashboardRequest: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.loungeId && (!value.firstName || !value.surname))
      for (const key of ['firstName', 'surname'] as const)
        if (!value[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'validation.required' });
    if (value.optionId && value.optionId !== value.resolutionId)
      ctx.addIssue({ code: 'custom', path: ['optionId'], message: 'validation.invalid' });
  })
  .meta({ id: 'ResolutionSelection' });
export type ResolutionSelection = z.infer<typeof resolutionSelectionSchema>;

/** The answers of a selection other than a combined option's kind. */
const ANSWERS = [
  'rejected',
  'callMe',
  'accepted',
  'status',
  'payoutMethodId',
  'loungeId',
  'firstName',
  'surname',
  'passengerIds',
  'alternateId',
  'flightIds',
] as const;

/**
 * Spec 2 §4.7 "Combined options": "Confirm selection" sends the chosen type and the option's
 * id, and nothing else; the option keeps that kind (its claim follows: cash asks for a payout
 * method). `resolutionType` sent with a claim instead (no `optionId`) chooses and claims at
 * once.
 */
export const isKindChoice = (selection: ResolutionSelection): boolean =>
  selection.resolutionType !== undefined &&
  selection.optionId !== undefined &&
  ANSWERS.every((answer) => selection[answer] === undefined || selection[answer] === false);

export const resolutionPathSchema = z.object({ resolutionId: id });
export const loungePassPathSchema = z.object({ passId: id });

/** Spec 2 §5 "Agent confirm reason": free text, optional, at most two rows. */
export const AGENT_REASON_MAX = 500;
export const AGENT_REASON_ROWS = 2;

/** The agent's confirm-reason form (spec 2 §5): free text, optional, within its limit. */
export const agentReasonSchema = z.object({
  reason: textSchema({ max: AGENT_REASON_MAX, required: false })
    .transform((value) => value.trim() || undefined)
    .optional(),
});

/**
 * `PATCH /platform/resolutions/{resolutionId}` (spec 2 §3 "Agent resolution update"): a
 * status, or `rejected: true`; an agent's with an optional reason. The insured may only
 * confirm a booked lounge this way.
 */
export const resolutionUpdateSchema = z
  .object({
    status: z.enum(RESOLUTION_STATUSES, { error: 'validation.invalid' }).optional(),
    rejected: z.literal(true).optional(),
    ...agentReasonSchema.shape,
    /** The agent's user id, as the session storage holds it (informative). */
    userId: id.optional(),
    resolutionType: z.string().max(60).optional(),
    optionId: id.optional(),
  })
  .refine((value) => value.status !== undefined || value.rejected === true, {
    path: ['status'],
    message: 'validation.required',
  })
  .meta({ id: 'ResolutionUpdate' });
export type ResolutionUpdate = z.infer<typeof resolutionUpdateSchema>;

/** The lounge form (spec 2 §5): a lounge, the lead guest's names, the guests. */
export const loungeFormSchema = z.object({
  loungeId: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  firstName: nameSchema(),
  surname: nameSchema(),
  passengerIds: z.array(id).min(1, { error: 'validation.one_passenger' }),
});
export type LoungeForm = z.infer<typeof loungeFormSchema>;
