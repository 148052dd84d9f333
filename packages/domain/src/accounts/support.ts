import { z } from 'zod';
import { FORMATTED_INPUT_MAX } from '../constants.ts';
import { emailSchema } from '../rules/email.ts';
import { internationalPhoneSchema } from '../rules/phone.ts';
import { textSchema } from '../rules/text.ts';
import {
  SUPPORT_BODY_MAX,
  SUPPORT_CATEGORIES,
  SUPPORT_NAME_MAX,
  SUPPORT_SUBJECT_MAX,
} from './support-limits.ts';

export * from './support-limits.ts';

/** `POST /platform/user/support/{partnerId}` (spec 1 §7): needs only the api-key. */
export const supportRequestSchema = z
  .object({
    name: textSchema({ max: SUPPORT_NAME_MAX }),
    contactNumber: internationalPhoneSchema,
    ticketType: z.literal('support'),
    /** The sender's local time when sending, ISO 8601 with offset, so staff know their day. */
    localTime: z.iso
      .datetime({ offset: true, error: 'validation.invalid_date' })
      .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_date' }),
    emailAddress: emailSchema,
    locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'validation.invalid'),
    ticketCategory: z.enum(SUPPORT_CATEGORIES, { error: 'validation.required' }),
    ticketSubject: textSchema({ max: SUPPORT_SUBJECT_MAX }),
    ticketBody: textSchema({ max: SUPPORT_BODY_MAX }),
  })
  .meta({ id: 'SupportRequest' });
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** The support form: what the person writes; the portal adds the type, local time and locale. */
export const supportFormSchema = supportRequestSchema.pick({
  name: true,
  emailAddress: true,
  contactNumber: true,
  ticketCategory: true,
  ticketSubject: true,
  ticketBody: true,
});

export const supportTicketSchema = z
  .object({
    ticketId: z.string(),
    /** What the customer quotes when they call: short, unambiguous. */
    reference: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SupportTicket' });
export type SupportTicket = z.infer<typeof supportTicketSchema>;
