import { isPayoutAccountField, maskTail } from '@tern/domain';
import type { Encryption } from '../../lib/encryption.ts';
import type { PayoutMethodRow } from './repo.ts';

/**
 * How a method's account details are kept: account numbers sealed (methods write them, the
 * send job reads them back to pay), masked tails to show, the rest kept as extras.
 */
export function accountDetails(encryption: Encryption) {
  return {
    /** A method's values as stored: the account sealed, its masked tails, the extras. */
    stored: (values: Record<string, string>) => {
      const account = Object.fromEntries(
        Object.entries(values).filter(([key]) => isPayoutAccountField(key)),
      );
      const extras = Object.fromEntries(
        Object.entries(values).filter(([key]) => !isPayoutAccountField(key)),
      );
      return {
        account,
        extras,
        accountMasked: {
          ...(account.accountNumber ? { accountNumber: maskTail(account.accountNumber) } : {}),
          ...(account.iban ? { iban: maskTail(account.iban) } : {}),
        },
        accountCiphertext:
          Object.keys(account).length > 0 ? encryption.encrypt(JSON.stringify(account)) : null,
      };
    },

    /** A method's sealed account fields, opened. */
    accountOf: (row: PayoutMethodRow): Record<string, string> => {
      return row.accountCiphertext
        ? (JSON.parse(encryption.decrypt(row.accountCiphertext)) as Record<string, string>)
        : {};
    },
  };
}
export type AccountDetails = ReturnType<typeof accountDetails>;
