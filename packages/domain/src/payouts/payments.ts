import { z } from 'zod';
import { codedText, codedTextSchema, type CodedText } from '../i18n/coded-text.ts';
import { userIdQuerySchema } from '../user-scope.ts';
import { payoutCurrencySchema } from './fields.ts';
import { payoutMethodSchema } from './schemas.ts';

/**
 * Payments: money Tern sends to a user's payout method (a cash resolution, a claim payout, a
 * partner's goodwill payment), followed from the request to the bank. Amounts are integer
 * minor units of an ISO 4217 currency, never floats.
 */
export const PAYMENT_STATUSES = ['requested', 'sent', 'settled', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a payment failed, as Tern says it to the customer in their language (issue 25 item
 * 5.13). A payout provider's adapter maps its own return codes onto these; its own words stay
 * in `failureReason`, for support.
 */
export const PAYOUT_FAILURE_CODES = [
  'ACCOUNT_CLOSED',
  'ACCOUNT_INVALID',
  'REFUSED',
  'METHOD_REMOVED',
] as const;
export type PayoutFailureCode = (typeof PAYOUT_FAILURE_CODES)[number];
/** A failure's text for the customer, by its code. */
export const payoutFailureText = (code: PayoutFailureCode): CodedText =>
  codedText(`payouts:payments.failure.${code}`);

/** The largest single payment: 1,000,000.00 in a two-decimal currency. */
export const PAYMENT_MAX_MINOR = 100_000_000;

export const paymentSchema = z
  .object({
    paymentId: z.uuid(),
    /** Minor units (cents). */
    amount: z.number().int().positive(),
    currency: z.string().describe('ISO 4217'),
    reason: z.string(),
    /**
     * The reason in the reader's language, where Tern wrote it (a resolution's cash: issue 25
     * item 5.13); null where the partner gave `reason` itself, shown as given.
     */
    reasonText: codedTextSchema.nullable(),
    status: z.enum(PAYMENT_STATUSES),
    /** Where it goes, masked as in the method list; null once the method is removed. */
    method: payoutMethodSchema
      .pick({
        payoutMethodId: true,
        description: true,
        type: true,
        accountNumber: true,
        iban: true,
      })
      .nullable(),
    /** The provider's reference, once sent. */
    providerReference: z.string().nullable(),
    /** Why it failed, in the provider's words (for support). */
    failureReason: z.string().nullable(),
    /** Why it failed, for the customer, in their language. */
    failureText: codedTextSchema.nullable(),
    requestedAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    settledAt: z.iso.datetime().nullable(),
    failedAt: z.iso.datetime().nullable(),
    /** When the user sent it again, to another method of theirs, after it failed. */
    resentAt: z.iso.datetime().nullable(),
    /** When the payer paid it with another payment instead (it can no longer be resent). */
    replacedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

/**
 * Whether the user may send a payment again, to another of their methods: once it has
 * failed, once only, and not when the payer has paid it with another payment. The API holds
 * the same rule in the one statement that resends (two resends at once send once).
 */
export const mayResendPayment = (payment: {
  status: PaymentStatus;
  resentAt: string | Date | null;
  replacedAt: string | Date | null;
}): boolean => payment.status === 'failed' && !payment.resentAt && !payment.replacedAt;

export const paymentPathSchema = z.object({ paymentId: z.uuid({ error: 'validation.invalid' }) });

/** `POST /platform/payouts/payments/{paymentId}/resend`: the method it goes to now. */
export const paymentResendSchema = z
  .object({
    payoutMethodId: z.uuid({ error: 'validation.required' }),
  })
  .meta({ id: 'PaymentResend' });
export type PaymentResend = z.infer<typeof paymentResendSchema>;
export const paymentListSchema = z.array(paymentSchema).meta({ id: 'PaymentList' });

/**
 * A payment the partner's back end (or its staff) asks for. The same `idempotencyKey` never
 * pays twice: a repeat answers the first request's payment.
 */
export const paymentRequestSchema = z
  .object({
    userId: userIdQuerySchema.shape.userId,
    /** The user's preferred method when left out. */
    payoutMethodId: z.uuid({ error: 'validation.invalid' }).optional(),
    amount: z
      .number({ error: 'validation.invalid_number' })
      .int('validation.invalid_number')
      .positive('validation.invalid_number')
      .max(PAYMENT_MAX_MINOR, 'validation.invalid_number'),
    currency: payoutCurrencySchema,
    reason: z.string().trim().min(1, 'validation.required').max(200, 'validation.max_length'),
    idempotencyKey: z
      .string()
      .min(8, 'validation.invalid')
      .max(100, 'validation.invalid')
      .regex(/^[\w.:-]+$/, 'validation.invalid'),
    /**
     * A failed payment of the user's this one pays instead: it can then no longer be resent
     * (409 PAYMENT_NOT_RESENDABLE when the user has resent it already).
     */
    replacesPaymentId: z.uuid({ error: 'validation.invalid' }).optional(),
  })
  .meta({ id: 'PaymentRequest' });
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/**
 * A payment another area of Tern asks for: the partner's request, and the reason as the
 * portal writes it in each language (`reason` stays the bank's reference).
 */
export type InternalPaymentRequest = PaymentRequest & { reasonText?: CodedText };
