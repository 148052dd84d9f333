import { validate as validRoutingNumber } from 'abavalidator';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import UkModulus from 'uk-modulus-checking';
import type { FieldProblem, PayoutCurrency } from '@tern/domain';
import type { AccountCheck } from '../port.ts';

/**
 * The checks a payout provider makes before it accepts a beneficiary, beyond the patterns of
 * its field definitions: the IBAN's check digits and country format and the BIC (ibantools),
 * the UK sort code and account number modulus check (Vocalink's rules, uk-modulus-checking),
 * the ABA routing number's checksum (abavalidator).
 */
export function checkBankAccount(
  currency: PayoutCurrency,
  input: Readonly<Record<string, string>>,
): AccountCheck {
  const values = { ...input };
  const problems: FieldProblem[] = [];
  const invalid = (field: string) => problems.push({ field, message: 'validation.invalid' });
  if (values.iban !== undefined) {
    const iban = electronicFormatIBAN(values.iban) ?? '';
    if (isValidIBAN(iban)) values.iban = iban;
    else invalid('iban');
  }
  if (values.bic !== undefined) {
    const bic = values.bic.toUpperCase();
    if (isValidBIC(bic)) values.bic = bic;
    else invalid('bic');
  }
  if (currency === 'GBP' && values.sortCode && values.accountNumber) {
    const modulus = new UkModulus({
      sortCode: values.sortCode,
      accountNumber: values.accountNumber,
    });
    if (!modulus.isValid()) invalid('accountNumber');
  }
  if (values.routingNumber !== undefined && !validRoutingNumber(values.routingNumber))
    invalid('routingNumber');
  return { values, problems };
}
