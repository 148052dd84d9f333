import { z } from 'zod';
import { PAYOUT_PROVIDERS, PAYOUT_SUPPLIERS } from '../partners/index.ts';
import { flagSchema, maskedSchema } from '../user-scope.ts';

/**
 * Payout methods and the partner's payout configuration (spec 1 §3 "Payout method",
 * "Payout config"; §7 "Payout methods"). Account numbers and IBANs are only ever answered
 * masked; the method's other fields are what the payout dialogs show.
 */

/** Account details as stored: secret, never answered as they are (see `payoutMethodSchema`). */
export const PAYOUT_ACCOUNT_FIELDS = [
  'accountNumber',
  'iban',
  'sortCode',
  'institutionNumber',
  'transitNumber',
] as const;
export type PayoutAccountDetails = Partial<Record<(typeof PAYOUT_ACCOUNT_FIELDS)[number], string>>;

/**
 * Address and other non-secret fields of a method, as the provider's form collected them. The
 * account fields never ride along here: a response carrying one fails instead of leaking it.
 */
export const payoutExtrasSchema = z
  .object({
    addressLine1: z.string().optional(),
    addressLine2: z.string().optional(),
    townCity: z.string().optional(),
    province: z.string().optional(),
    postCode: z.string().optional(),
    emailAddress: z.string().optional(),
    legalType: z.string().optional(),
    accountType: z.string().optional(),
  })
  .catchall(z.string())
  .refine(
    (extras) => PAYOUT_ACCOUNT_FIELDS.every((field) => !(field in extras)),
    'account details are not extras',
  )
  .meta({ id: 'PayoutExtras' });
export type PayoutExtras = z.infer<typeof payoutExtrasSchema>;

export const payoutMethodSchema = z
  .object({
    payoutMethodId: z.uuid(),
    description: z.string(),
    /** 1 for the method payouts go to unless the user picks another. */
    preferred: flagSchema,
    /** e.g. `bank`. */
    service: z.string(),
    /** e.g. `manual`, `corpay`. */
    provider: z.string(),
    vendor: z.string(),
    type: z.string(),
    extras: payoutExtrasSchema,
    accountNumber: maskedSchema.optional(),
    iban: maskedSchema.optional(),
    created: z.iso.datetime(),
  })
  .meta({ id: 'PayoutMethod' });
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const payoutMethodListSchema = z.array(payoutMethodSchema).meta({ id: 'PayoutMethodList' });

export const payoutConfigSchema = z
  .object({
    payouts: z.object({
      supplier: z.enum(PAYOUT_SUPPLIERS),
      providers: z.array(z.enum(PAYOUT_PROVIDERS)),
    }),
    country: z.object({
      iso: z.string().describe('ISO 3166-1 alpha-2'),
      currency: z.string().describe('ISO 4217'),
    }),
  })
  .meta({ id: 'PayoutConfig' });
export type PayoutConfig = z.infer<typeof payoutConfigSchema>;
