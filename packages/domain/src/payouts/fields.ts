import { z } from 'zod';
import { LOOKUP_MIN_CHARS, PAYOUT_SELECT_MAX } from '../constants.ts';
import { PAYOUT_CURRENCIES, type PayoutCurrency } from '../partners/index.ts';
import { checkEmail } from '../rules/email.ts';

/**
 * The provider's required fields (spec 1 §3 "Payout required-field definition", §5 "Payout
 * form"; spec 2 §5 "Corpay form"): what a payout method of one provider and currency needs.
 * The provider defines them; the form draws itself from them and `checkPayoutFields` is the
 * one rule both the form and the API apply (the API to the definitions it fetched itself).
 */

export const payoutCurrencySchema = z.enum(PAYOUT_CURRENCIES, { error: 'validation.invalid' });

export const PAYOUT_FIELD_TYPES = ['text', 'email', 'select', 'radio'] as const;

/** The field a form never shows; the provider fills it (spec 1 §5). */
export const HIDDEN_PAYOUT_FIELD = 'reference';

/** Fields required whenever a definition has them, whatever its `required` says (spec 1 §5). */
export const ALWAYS_REQUIRED_PAYOUT_FIELDS = [
  'legalType',
  'institutionNumber',
  'transitNumber',
  'accountNumber',
  'accountType',
  'sortCode',
] as const;

export const requiredFieldSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    /** The provider's English label; the portal shows its own translation of `key` if it has one. */
    label: z.string(),
    type: z.enum(PAYOUT_FIELD_TYPES),
    required: z.boolean(),
    readOnly: z.boolean().optional(),
    /** A read-only field's value; another field's first value in a form (the user may change it). */
    defaultValue: z.string().optional(),
    /** Patterns (JavaScript syntax) the value must match, each of them. */
    validationRegexp: z.array(z.string()).optional(),
    /** A select's or radio's choices. */
    valuesAllowed: z.array(z.object({ key: z.string(), name: z.string() })).optional(),
    /**
     * A bank-lookup field: its text is searched (≥ LOOKUP_MIN_CHARS) and the chosen bank fills
     * the form, `searchToFieldsMapping[bank result key] = form field key`.
     */
    lookupField: z.object({ searchToFieldsMapping: z.record(z.string(), z.string()) }).optional(),
  })
  .meta({ id: 'PayoutRequiredField' });
export type RequiredField = z.infer<typeof requiredFieldSchema>;
export const requiredFieldListSchema = z
  .array(requiredFieldSchema)
  .meta({ id: 'PayoutRequiredFieldList' });

/** Spec 1 §3 "Bank lookup result", plus the routing numbers a lookup fills in. */
export const bankSchema = z
  .object({
    primaryKey: z.string(),
    institutionName: z.string(),
    address1: z.string(),
    city: z.string(),
    postalCode: z.string(),
    institutionNumber: z.string().optional(),
    transitNumber: z.string().optional(),
    routingNumber: z.string().optional(),
    sortCode: z.string().optional(),
    bic: z.string().optional(),
  })
  .meta({ id: 'Bank' });
export type Bank = z.infer<typeof bankSchema>;
export const bankListSchema = z.array(bankSchema).meta({ id: 'BankList' });

/** "ROYAL BANK OF CANADA" → "Royal Bank Of Canada". */
const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(
      /(^|[\s\-/'(.&])(\p{L})/gu,
      (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
    );

/** Spec 1 §7: every string field of a bank is shown title-cased except postalCode (and codes). */
export const titleCaseBank = (bank: Bank): Bank => ({
  ...bank,
  institutionName: titleCase(bank.institutionName),
  address1: titleCase(bank.address1),
  city: titleCase(bank.city),
});

/** Where a currency's banks are, when it has one country. */
const CURRENCY_COUNTRIES: Record<PayoutCurrency, string | null> = {
  CAD: 'CA',
  GBP: 'GB',
  USD: 'US',
  EUR: null,
};

/**
 * The country whose banks a lookup searches for an account in `currency`: the partner's own
 * for its currency, the currency's country, or for the euro the IBAN's country (undefined
 * until an IBAN is typed).
 */
export function bankCountryOf(
  currency: PayoutCurrency,
  partner: { iso: string; currency: PayoutCurrency },
  iban: string | undefined,
): string | undefined {
  if (currency === partner.currency) return partner.iso;
  const home = CURRENCY_COUNTRIES[currency];
  if (home) return home;
  const prefix = (iban ?? '').trim().slice(0, 2).toUpperCase();
  return /^[A-Z]{2}$/.test(prefix) ? prefix : undefined;
}

/** The definitions a form shows (spec 1 §5: never the `reference` field). */
export const visiblePayoutFields = (definitions: readonly RequiredField[]): RequiredField[] =>
  definitions.filter((field) => field.key !== HIDDEN_PAYOUT_FIELD);

export interface FieldProblem {
  field: string;
  /** A `validation.*` key. */
  message: string;
}

/** Whether a field must be filled: as its definition says, or always for some (spec 1 §5). */
export const isPayoutFieldRequired = (field: RequiredField): boolean =>
  field.required || (ALWAYS_REQUIRED_PAYOUT_FIELDS as readonly string[]).includes(field.key);

/** One field's problem, or null: the rules of spec 1 §5 "Payout form" and spec 2 §5 "Corpay form". */
export function payoutFieldProblem(field: RequiredField, raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  // Spec 1 §5: the email field is always present and valid, with its own messages.
  if (field.type === 'email') return value ? checkEmail(value) : 'validation.email';
  if (!value) return isPayoutFieldRequired(field) ? 'validation.required' : null;
  if (field.readOnly && field.defaultValue !== undefined && value !== field.defaultValue)
    return 'validation.invalid';
  if (field.lookupField && value.length < LOOKUP_MIN_CHARS) return 'validation.min_characters';
  if (field.type === 'select' || field.type === 'radio') {
    if (value.length > PAYOUT_SELECT_MAX) return 'validation.max_length';
    if (field.valuesAllowed && !field.valuesAllowed.some((choice) => choice.key === value))
      return 'validation.invalid';
  }
  for (const pattern of field.validationRegexp ?? [])
    if (!new RegExp(pattern).test(value)) return 'validation.invalid';
  return null;
}

/**
 * The values a provider receives: read-only fields take their default, every value is
 * trimmed, empty optional values are left out. Keys no definition names are reported.
 */
export function checkPayoutFields(
  definitions: readonly RequiredField[],
  values: Readonly<Record<string, string | undefined>>,
): { values: Record<string, string>; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const clean: Record<string, string> = {};
  for (const field of definitions) {
    const given = field.readOnly ? (field.defaultValue ?? values[field.key]) : values[field.key];
    // The hidden field is the provider's: it is filled from its default, never from the form.
    if (field.key === HIDDEN_PAYOUT_FIELD) {
      if (field.defaultValue) clean[field.key] = field.defaultValue;
      continue;
    }
    const message = payoutFieldProblem(field, given);
    if (message) problems.push({ field: field.key, message });
    else if (given?.trim()) clean[field.key] = given.trim();
  }
  const known = new Set(definitions.map((field) => field.key));
  for (const key of Object.keys(values))
    if (!known.has(key) && values[key] !== undefined)
      problems.push({ field: key, message: 'validation.invalid' });
  return { values: clean, problems };
}
