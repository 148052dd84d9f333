import { z } from 'zod';
import { holderProofShape, proofFormShape } from '../accounts/index.ts';
import {
  LANGUAGES,
  LOOKUP_MIN_CHARS,
  PAYOUT_ADDRESS_DESCRIPTION_MAX,
  PAYOUT_ADDRESS_FIELD_MAX,
  PAYOUT_DESCRIPTION_MAX,
  PAYOUT_VENDOR,
} from '../constants.ts';
import { PAYOUT_PROVIDERS, PAYOUT_SUPPLIERS } from '../partners/index.ts';
import { flagSchema, maskedSchema, userIdQuerySchema } from '../user-scope.ts';
import {
  bankListSchema,
  payoutCurrencySchema,
  payoutFieldProblem,
  requiredFieldListSchema,
  visiblePayoutFields,
  type RequiredField,
} from './fields.ts';

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
  'routingNumber',
] as const;
export const isPayoutAccountField = (key: string): boolean =>
  (PAYOUT_ACCOUNT_FIELDS as readonly string[]).includes(key);

/** The type of a method the payment-rails supplier's page created (spec 1 §2 "Set up payout methods"). */
export const PAYMENT_RAILS_TYPE = 'BANK-RAILS';
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
    /** What the account is paid in (ISO 4217). */
    currency: payoutCurrencySchema,
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
      /** Every currency a method may be in: the country's first, then the partner's others. */
      currencies: z.array(payoutCurrencySchema),
    }),
    country: z.object({
      iso: z.string().describe('ISO 3166-1 alpha-2'),
      currency: payoutCurrencySchema.describe('ISO 4217'),
    }),
  })
  .meta({ id: 'PayoutConfig' });
export type PayoutConfig = z.infer<typeof payoutConfigSchema>;

// ── Required fields and bank lookup ────────────────────────────────────────────────────────
/** `{service-provider}` of the required-fields call: a provider lower-cased, or the vendor. */
export const SERVICE_PROVIDER_KEYS = [
  ...PAYOUT_PROVIDERS.map((provider) => provider.toLowerCase()),
  PAYOUT_VENDOR,
] as const;
export const providerOfKey = (key: string): (typeof PAYOUT_PROVIDERS)[number] | undefined =>
  PAYOUT_PROVIDERS.find((provider) => provider.toLowerCase() === key);

export const requiredFieldsPathSchema = z.object({
  // The spec writes `{service-provider}`; the router takes no hyphen in a parameter's name.
  serviceProvider: z.enum(SERVICE_PROVIDER_KEYS, { error: 'validation.invalid' }),
});

/** `?currency` for the provider's fields, or `?country&bankSearch` for a bank lookup. */
export const requiredFieldsQuerySchema = z
  .object({
    currency: payoutCurrencySchema.optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'validation.invalid')
      .optional()
      .describe('ISO 3166-1 alpha-2, with bankSearch'),
    bankSearch: z
      .string()
      .trim()
      .min(LOOKUP_MIN_CHARS, 'validation.min_characters')
      .max(100, 'validation.max_length')
      .optional(),
  })
  .superRefine((query, ctx) => {
    const lookup = query.bankSearch !== undefined || query.country !== undefined;
    if (lookup && query.currency !== undefined)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'validation.invalid' });
    else if (lookup && query.country === undefined)
      ctx.addIssue({ code: 'custom', path: ['country'], message: 'validation.required' });
    else if (lookup && query.bankSearch === undefined)
      ctx.addIssue({ code: 'custom', path: ['bankSearch'], message: 'validation.required' });
  });

export type RequiredFieldsQuery = z.infer<typeof requiredFieldsQuerySchema>;

/** The provider's field definitions, or for a bank lookup the banks found. */
export const requiredFieldsResponseSchema = z.union([requiredFieldListSchema, bankListSchema]);

// ── Adding and changing methods ───────────────────────────────────────────────────────────
/** The longest value a dynamic field takes (an IBAN is 34, an address line 100). */
export const PAYOUT_VALUE_MAX = 100;
const dynamicValue = z.string().max(PAYOUT_VALUE_MAX, 'validation.max_length');
/** `service`, `provider`, `vendor`: spec 2 sends them; `type` decides them. */
const providerPart = z.string().max(45).optional();

/** Spec 1 §5: a payout method's description, required, 45 characters at most. */
export const payoutDescriptionSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(PAYOUT_DESCRIPTION_MAX, 'validation.max_length');

export const payoutMethodPathSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * `POST /platform/payouts/methods`: the description, the provider (`type`) and the values of
 * its required fields, flat as spec 2 §7 sends them. The method is the caller's (the user
 * the session is for). With a session older than RECENT_SIGN_IN_MS the holder's password or
 * TOTP code comes too.
 */
export const payoutMethodCreateSchema = z
  .object({
    description: payoutDescriptionSchema,
    type: z.enum(PAYOUT_PROVIDERS, { error: 'validation.invalid' }),
    /** Which of the provider's definitions: the partner's currency when left out. */
    currency: payoutCurrencySchema.optional(),
    service: providerPart,
    provider: providerPart,
    vendor: providerPart,
    ...holderProofShape,
  })
  .catchall(dynamicValue)
  .meta({ id: 'PayoutMethodCreate' });
export type PayoutMethodCreate = z.infer<typeof payoutMethodCreateSchema>;

/** The address form's fields (spec 2 §5 "Payout address form"). */
export const PAYOUT_ADDRESS_FIELDS = [
  'addressLine1',
  'addressLine2',
  'province',
  'townCity',
  'postCode',
] as const;

const addressValue = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(PAYOUT_ADDRESS_FIELD_MAX, 'validation.max_length')
  .optional();

/**
 * A changed provider field, checked as any; typed wider so that the index signature of the
 * flat fields does not clash with `preferred: 1` (a number) in a caller's body.
 */
const patchedFieldValue: z.ZodType<unknown, unknown> = dynamicValue;

/**
 * `PATCH /platform/payouts/methods/{id}`: `preferred: 1`, or changed fields — the address
 * (spec 2 §2.5), or a new provider and its fields (update to Corpay). Changed fields need the
 * holder's proof as adding does.
 */
export const payoutMethodPatchSchema = z
  .object({
    preferred: z.literal(1, { error: 'validation.invalid' }).optional(),
    description: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(PAYOUT_ADDRESS_DESCRIPTION_MAX, 'validation.max_length')
      .optional(),
    type: z.enum(PAYOUT_PROVIDERS, { error: 'validation.invalid' }).optional(),
    currency: payoutCurrencySchema.optional(),
    service: providerPart,
    provider: providerPart,
    vendor: providerPart,
    addressLine1: addressValue,
    addressLine2: addressValue,
    province: addressValue,
    townCity: addressValue,
    postCode: addressValue,
    ...holderProofShape,
  })
  .catchall(patchedFieldValue)
  .refine(
    (patch) => Object.keys(patch).some((key) => key !== 'password' && key !== 'code'),
    'validation.required',
  )
  .meta({ id: 'PayoutMethodPatch' });
export type PayoutMethodPatch = z.infer<typeof payoutMethodPatchSchema>;

/**
 * The body keys of adding or changing a method that are not provider fields: every other key
 * (the address lines among them) is one (spec 1 §3 "plus dynamic fields").
 */
export const PAYOUT_BODY_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(payoutMethodCreateSchema.shape),
  'preferred',
]);
/** The provider fields of a body: what is left after PAYOUT_BODY_KEYS. */
export const payoutFieldsOf = (body: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(body).filter(
      (entry): entry is [string, string] =>
        !PAYOUT_BODY_KEYS.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );

// ── The portal's forms ────────────────────────────────────────────────────────────────────
/** Which proof of the holder a form asks for, once the API said it needs one. */
export type HolderProofKind = 'password' | 'code';

type ProofShape = Record<'password' | 'code', z.ZodType<string | undefined, string | undefined>>;
/** Both fields always, so a form's values have one shape; only the one asked for is checked. */
const proofShape = (proof: HolderProofKind | null): ProofShape =>
  proof
    ? proofFormShape(proof === 'code')
    : { password: z.string().optional(), code: z.string().optional() };

/**
 * The add-method and update-to-Corpay forms (spec 1 §5 "Payout form", spec 2 §5 "Corpay
 * form"): the description, then each field the provider defines, checked by the same rule the
 * API applies (`payoutFieldProblem`), and the holder's proof when the API asked for it.
 */
export const payoutFormSchema = (
  definitions: readonly RequiredField[],
  proof: HolderProofKind | null,
) =>
  z
    .object({ description: payoutDescriptionSchema, ...proofShape(proof) })
    .catchall(z.string())
    .superRefine((values, ctx) => {
      for (const field of visiblePayoutFields(definitions)) {
        const value = field.readOnly
          ? (field.defaultValue ?? values[field.key])
          : values[field.key];
        const message = payoutFieldProblem(field, value);
        if (message) ctx.addIssue({ code: 'custom', path: [field.key], message });
      }
    });
export type PayoutFormValues = z.input<ReturnType<typeof payoutFormSchema>>;

const requiredAddressValue = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(PAYOUT_ADDRESS_FIELD_MAX, 'validation.max_length');

/**
 * Spec 2 §5 "Payout address form": the description (100 at most, though the input takes 45)
 * and every address field required, 100 at most.
 */
export const payoutAddressFormSchema = (proof: HolderProofKind | null) =>
  z.object({
    description: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(PAYOUT_ADDRESS_DESCRIPTION_MAX, 'validation.max_length'),
    addressLine1: requiredAddressValue,
    addressLine2: requiredAddressValue,
    province: requiredAddressValue,
    townCity: requiredAddressValue,
    postCode: requiredAddressValue,
    ...proofShape(proof),
  }) satisfies z.ZodType<Record<(typeof PAYOUT_ADDRESS_FIELDS)[number], string>>;
export type PayoutAddressFormValues = z.input<ReturnType<typeof payoutAddressFormSchema>>;

// ── The payment-rails widget ──────────────────────────────────────────────────────────────
export const payoutWidgetQuerySchema = userIdQuerySchema.extend({
  lang: z.enum(LANGUAGES, { error: 'validation.invalid' }),
});
export const payoutWidgetSchema = z
  .object({ url: z.url().describe("The supplier's hosted page, to show in a frame") })
  .meta({ id: 'PayoutWidget' });

/** What the widget's page posts to the portal's window once the method exists. */
export const PAYOUT_WIDGET_MESSAGE = 'tern:payout-method-created';
