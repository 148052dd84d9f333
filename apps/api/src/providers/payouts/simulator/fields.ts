import {
  PAYOUT_LEGAL_TYPE,
  type PayoutCurrency,
  type PayoutProvider,
  type RequiredField,
} from '@tern/domain';
import type { FieldsContext } from '../port.ts';

/**
 * The simulated provider's required fields, shaped as a cross-border payout provider's
 * beneficiary rules are: per currency, the local bank routing of that country (Canada's
 * institution and transit numbers, the UK's sort code, SEPA's IBAN and BIC, the US ABA
 * routing number), a bank lookup that fills what the bank directory knows (the name, the
 * Canadian institution number, the BIC), and the provider's own `reference`.
 */
const text = (key: string, label: string, pattern?: string, required = true): RequiredField => ({
  key,
  name: key,
  label,
  type: 'text',
  required,
  ...(pattern ? { validationRegexp: [pattern] } : {}),
});

/**
 * One definition for every provider and currency that asks for it, with the choice a form
 * starts on: a chequing account, what most people are paid into (the manual form started
 * with none, a move to Corpay on the method's own).
 */
const accountType: RequiredField = {
  key: 'accountType',
  name: 'accountType',
  label: 'Account type',
  type: 'radio',
  required: true,
  defaultValue: 'CHECKING',
  valuesAllowed: [
    { key: 'CHECKING', name: 'Chequing' },
    { key: 'SAVINGS', name: 'Savings' },
  ],
};

/** A bank lookup field: the chosen bank's name and routing numbers fill the form. */
const bankName = (routing: readonly string[]): RequiredField => ({
  ...text('bankName', 'Bank', undefined, false),
  lookupField: {
    searchToFieldsMapping: {
      institutionName: 'bankName',
      ...Object.fromEntries(routing.map((key) => [key, key])),
    },
  },
});

const bankFields: Record<PayoutCurrency, RequiredField[]> = {
  CAD: [
    bankName(['institutionNumber']),
    text('institutionNumber', 'Institution number', '^\\d{3}$'),
    text('transitNumber', 'Transit number', '^\\d{5}$'),
    text('accountNumber', 'Account number', '^\\d{7,12}$'),
    accountType,
  ],
  GBP: [
    bankName([]),
    text('sortCode', 'Sort code', '^\\d{6}$'),
    text('accountNumber', 'Account number', '^\\d{8}$'),
  ],
  // The IBAN first: its country is where the lookup searches.
  EUR: [
    text('iban', 'IBAN', '^[A-Za-z]{2}\\d{2}[A-Za-z0-9 ]{11,40}$'),
    bankName(['bic']),
    text('bic', 'BIC', '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$'),
  ],
  USD: [
    bankName([]),
    text('routingNumber', 'Routing number', '^\\d{9}$'),
    text('accountNumber', 'Account number', '^\\d{4,17}$'),
    accountType,
  ],
};

const legalType = (context: FieldsContext): RequiredField => ({
  key: 'legalType',
  name: 'legalType',
  label: 'Account holder',
  type: 'select',
  required: true,
  valuesAllowed: [
    { key: 'INDIVIDUAL', name: 'Individual' },
    { key: PAYOUT_LEGAL_TYPE, name: 'Business' },
  ],
  ...(context.business ? { readOnly: true, defaultValue: PAYOUT_LEGAL_TYPE } : {}),
});

const emailAddress: RequiredField = {
  key: 'emailAddress',
  name: 'emailAddress',
  label: 'Email for payment notices',
  type: 'email',
  required: true,
};

/** The beneficiary's address, which Corpay needs before it pays (spec 2 §4.8). */
const beneficiaryAddress: RequiredField[] = [
  text('addressLine1', 'Address line 1', '^.{1,100}$'),
  text('townCity', 'Town or city', '^.{1,100}$'),
  text('postCode', 'Post code', '^[A-Za-z0-9 -]{2,12}$'),
];

/** Corpay's own payment reference: never shown, always sent (spec 1 §5). */
const reference: RequiredField = {
  ...text('reference', 'Reference', undefined, false),
  readOnly: true,
  defaultValue: 'TERN',
};

export function simulatedRequiredFields(
  provider: PayoutProvider,
  currency: PayoutCurrency,
  context: FieldsContext,
): RequiredField[] {
  const common = [legalType(context), ...bankFields[currency], emailAddress];
  return provider === 'BANK-CORPAY' ? [...common, ...beneficiaryAddress, reference] : common;
}
