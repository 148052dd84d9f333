import { z } from 'zod';

/** Spec 1 §3 "Policy" with the fields spec 2 adds; `active` is 1 when active (spec 1 §9). */
export const policySchema = z
  .object({
    externalPolicyNumber: z.string(),
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
