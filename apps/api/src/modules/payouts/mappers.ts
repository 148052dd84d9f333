import { isMasked, maskTail, toFlag, type PayoutMethod } from '@tern/domain';
import type { PayoutMethodRow } from './repo.ts';

/** A stored masked value, masked again should it ever hold a plain one: never answer a number. */
const masked = (value: string | undefined) =>
  value === undefined ? undefined : isMasked(value) ? value : maskTail(value);

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
    extras: row.extras,
    ...(accountNumber ? { accountNumber } : {}),
    ...(iban ? { iban } : {}),
    created: row.createdAt.toISOString(),
  };
};
