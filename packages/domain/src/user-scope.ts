import { z } from 'zod';
import { isMasked, MASK } from './rules/mask.ts';

/**
 * The user a call names (`?userId=` or `/{userId}`). Callers may name only themselves; the API
 * answers another user's id with 404 USER_NOT_FOUND, as if it did not exist.
 */
const userIdSchema = z.uuid({ error: 'validation.invalid' });
export const userIdQuerySchema = z.object({ userId: userIdSchema });
export const userIdParamsSchema = z.object({ userId: userIdSchema });
/** The user a path names by `id` (the accounts area's user routes). */
export const userPathSchema = z.object({ id: z.uuid() });

/**
 * A value shown masked (rules/mask.ts). Response schemas use it so that serialising an
 * unmasked value fails the response instead of leaking it.
 */
export const maskedSchema = z
  .string()
  .refine(isMasked, 'must be masked')
  .describe(`Masked: ${MASK} and at most the last four characters (emails keep their domain)`);

/** `?active=true|false` as browsers send it. */
export const booleanQuerySchema = z
  .enum(['true', 'false'], { error: 'validation.invalid' })
  .transform((value) => value === 'true');

/** Flags some payloads carry as 0 or 1 (spec 2 §3 flights, passengers; spec 1 §3 preferred). */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof flagSchema>;
export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
