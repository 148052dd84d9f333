import {
  isMasked,
  maskTail,
  PAYOUT_ACCOUNT_FIELDS,
  toFlag,
  type PayoutExtras,
  type PayoutMethod,
} from '@tern/domain';
import type { PayoutMethodRow } from './repo.ts';

/** A stored masked value, masked again should it ever hold a plain one: never answer a number. */
const masked = (value: string | undefined) =>
  value === undefined ? undefined : isMasked(value) ? value : maskTail(value);

/** Extras without any account field a provider's form may have put there. */
const withoutAccountFields = (extras: PayoutExtras): PayoutExtras =>
  Object.fromEntries(
    Object.entries(extras).filter(
      ([key]) => !(PAYOUT_ACCOUNT_FIELDS as readonly string[]).includes(key),
    ),
  );

export const toPayoutMethod = (row: PayoutMethodRow): PayoutMethod => {
  const accountNumber = masked(row.accountMasked.accountNumber);
  const iban = masked(row.accountMasked.iban);
  return {
    payoutMethodId: row.id,
    description: row.description,
    preferred: toFlag(row.preferred),
    service: row.service,
    provider: row.provider,
    vendor: row.vendor,
    type: row.type,
    extras: withoutAccountFields(row.extras),
    ...(accountNumber ? { accountNumber } : {}),
    ...(iban ? { iban } : {}),
    created: row.createdAt.toISOString(),
  };
};
