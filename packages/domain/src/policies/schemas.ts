import { z } from 'zod';
import { POLICY_MAX_INSURED, POLICY_NUMBER_MAX, POLICY_PRODUCT_MAX } from '../constants.ts';
import { dateSchema } from '../rules/date.ts';
import { requiredAs } from '../rules/message.ts';
import { textSchema } from '../rules/text.ts';
import { flagSchema } from '../user-scope.ts';
import { partnerPathSchema } from '../partners/index.ts';

/** Spec 1 §3 "Policy" with the fields spec 2 adds; `active` is 1 when active (spec 1 §9). */
export const policySchema = z
  .object({
    externalPolicyNumber: z.string(),
    /** What the policy is, in the partner's words ("Flight disruption cover"). */
    product: z.string(),
    active: z.union([z.literal(0), z.literal(1)]),
    /** ISO date (YYYY-MM-DD). */
    policyStart: z.iso.date(),
    /** ISO date; null for an open-ended policy. */
    policyEnd: z.iso.date().nullable(),
    maxInsured: z.number().int(),
  })
  .meta({ id: 'Policy' });
export type Policy = z.infer<typeof policySchema>;

/**
 * `GET /platform/users/{id}/policies`: active policies only, open-ended first, then by end
 * date, latest first (spec 1 §7).
 */
export const policyListSchema = z.array(policySchema).meta({ id: 'PolicyList' });

/** A policy number as a person types it (spec 2 §9: at most 50 characters). */
export const policyNumberSchema = requiredAs(
  textSchema({ max: POLICY_NUMBER_MAX }),
  'validation.enter_policy_number',
).transform((value) => value.trim());

/** The path of `policiesContracts.attach`: the user and the number they add. */
export const userPolicyPathSchema = z.object({ id: z.uuid(), policyNumber: policyNumberSchema });
/** The path of `policiesContracts.update` and `.cancel`: the partner and the policy's number. */
export const partnerPolicyPathSchema = partnerPathSchema.extend({
  policyNumber: policyNumberSchema,
});

const policyTermsShape = {
  product: requiredAs(textSchema({ max: POLICY_PRODUCT_MAX }), 'validation.required'),
  policyStart: dateSchema({ required: true }),
  /** Null or left out: open-ended. */
  policyEnd: dateSchema().nullable().optional(),
  maxInsured: z
    .number({ error: 'validation.max_insured' })
    .int({ error: 'validation.max_insured' })
    .min(1, { error: 'validation.max_insured' })
    .max(POLICY_MAX_INSURED, { error: 'validation.max_insured' }),
  active: flagSchema.optional(),
};

/** A policy may not end before it starts (spec 2 §3 policyStart, policyEnd). */
const endsAfterStart = (
  value: { policyStart?: string; policyEnd?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (value.policyStart && value.policyEnd && value.policyEnd < value.policyStart)
    ctx.addIssue({
      code: 'custom',
      path: ['policyEnd'],
      message: 'validation.end_before_start',
    });
};

/**
 * `policiesContracts.save`: a policy the partner sold, created or, when
 * the number exists, replaced. Its number is how customers name it.
 */
export const partnerPolicyRequestSchema = z
  .object({ externalPolicyNumber: policyNumberSchema, ...policyTermsShape })
  .superRefine(endsAfterStart)
  .meta({ id: 'PartnerPolicyRequest' });
export type PartnerPolicyRequest = z.infer<typeof partnerPolicyRequestSchema>;

/** `policiesContracts.update`: the terms that change. */
export const partnerPolicyPatchSchema = z
  .object(policyTermsShape)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: 'validation.required' })
  .superRefine(endsAfterStart)
  .meta({ id: 'PartnerPolicyPatch' });
export type PartnerPolicyPatch = z.infer<typeof partnerPolicyPatchSchema>;

/** The add-a-policy form: the number a customer was given. */
export const addPolicyFormSchema = z.object({ policyNumber: policyNumberSchema });
export type AddPolicyFormValues = z.input<typeof addPolicyFormSchema>;
