import { z } from 'zod';
import { FORMATTED_INPUT_MAX } from '../constants.ts';
import { AIRTAG_LINK_PATTERN } from './rules.ts';
import { dateTimeSchema } from '../rules/date.ts';
import { addRuleIssue } from '../rules/message.ts';
import { TRACED_BAG_STATUSES } from './schemas.ts';
import {
  BAG_COLOURS,
  BAG_TYPES,
  checkBagTag,
  checkPir,
  normaliseBagReference,
} from './worldtracer.ts';

/** The bodies of the luggage calls (spec 2 §7 "Luggage"), checked alike by the form and the API. */

export const pirSchema = z
  .string({ error: 'validation.required' })
  .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid', abort: true })
  .transform(normaliseBagReference)
  .superRefine((value, ctx) => addRuleIssue(ctx, checkPir(value)));

export const bagTagSchema = z
  .string({ error: 'validation.required' })
  .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid', abort: true })
  .transform(normaliseBagReference)
  .superRefine((value, ctx) => addRuleIssue(ctx, checkBagTag(value)));

/** Apple's "Share Item Location" link (iOS 18.2+): https on Apple's Find My host. */
export const airtagLinkSchema = z
  .string()
  .trim()
  .max(2000, { error: 'validation.invalid_airtag_link' })
  .refine(
    // No URL parser here (the domain runs where no DOM or Node types are assumed): the shape is simple.
    (value) => AIRTAG_LINK_PATTERN.test(value),
    { error: 'validation.invalid_airtag_link' },
  );

const bagFields = {
  pir: pirSchema,
  tagNumber: bagTagSchema,
  colour: z.enum(BAG_COLOURS, { error: 'validation.required' }),
  type: z.enum(BAG_TYPES, { error: 'validation.required' }),
  /**
   * When the bag was reported, YYYY-MM-DD HH:mm on the clock of the PIR's station (spec 2 §5);
   * the API keeps its UTC version too. Not in the future, not before the flight left.
   */
  reportedOnLocal: dateTimeSchema({ required: true }),
  /** Empty or absent: no link. */
  airtagUrl: z.union([z.literal(''), airtagLinkSchema]).optional(),
};

/** `POST /travel/luggage/lost/bags`: a bag that did not arrive on a flight of one of the user's trips. */
export const lostBagRequestSchema = z
  .object({
    tripId: z.uuid({ error: 'validation.required' }),
    flightId: z.uuid({ error: 'validation.required' }),
    ...bagFields,
  })
  .meta({ id: 'LostBagRequest' });
export type LostBagRequest = z.infer<typeof lostBagRequestSchema>;

/**
 * `PATCH /travel/luggage/lost/bags/{bagId}`: the report completed (status BAG_REPORTED_LOST,
 * spec 2 §4.6), or its details corrected while tracing has not ended.
 */
export const lostBagPatchSchema = z
  .object({
    status: z.literal('BAG_REPORTED_LOST', { error: 'validation.invalid' }).optional(),
    ...z.object(bagFields).partial().shape,
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: 'validation.required',
  })
  .meta({ id: 'LostBagPatch' });
export type LostBagPatch = z.infer<typeof lostBagPatchSchema>;

export const bagPathSchema = z.object({ bagId: z.uuid({ error: 'validation.invalid' }) });
export const bagAttachmentPathSchema = z.object({
  bagId: z.uuid({ error: 'validation.invalid' }),
  attachmentId: z.uuid({ error: 'validation.invalid' }),
});
/** `?name=`: the file's name as the customer sees it (the stored name is the server's own). */
export const bagAttachmentQuerySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.invalid' }),
});

/** What the simulator's operator may move a bag to (`npm run sim -- bag …`). */
export const operatorBagStatusSchema = z.enum(TRACED_BAG_STATUSES);
