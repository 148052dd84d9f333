import type { ClaimPayoutPatch } from '@tern/domain/claims/requests';
import { PAYOUT_DESCRIPTION_MAX } from '@tern/domain/constants';
import { emailSchema } from '@tern/domain/rules/email';
import { requiredAs } from '@tern/domain/rules/message';
import { internationalPhoneSchema } from '@tern/domain/rules/phone';
import { z } from 'zod';

/**
 * The payment details of a claim's month (spec 2 §5 "Payment details form (claims)"): the
 * payment's reference (at most 45 characters, optional), the mobile number to reach the
 * business on (required, international), the payout method to pay (required) and the email
 * the remittance notice goes to (required: validation.email, then validation.inv_email).
 * The account itself — bank fields, legal type BUSINESS — is the payout method's, made in the
 * payouts area's setup dialog.
 */
export const paymentDetailsFormSchema = z.object({
  description: z.string().trim().max(PAYOUT_DESCRIPTION_MAX, 'validation.max_length'),
  contactNumber: internationalPhoneSchema,
  payoutMethodId: z.string().min(1, 'validation.required'),
  emailAddress: requiredAs(emailSchema, 'validation.email'),
});
export type PaymentDetailsFormValues = z.infer<typeof paymentDetailsFormSchema>;

/** What the API takes: the month's details sent (status SENT); an empty reference left out. */
export const paymentDetailsPatch = ({
  description,
  ...values
}: PaymentDetailsFormValues): ClaimPayoutPatch => ({
  status: 'SENT',
  ...values,
  ...(description ? { description } : {}),
});
