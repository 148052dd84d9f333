import {
  isMasked,
  isPayoutAccountField,
  maskTail,
  toFlag,
  type Payment,
  type PayoutExtras,
  type PayoutMethod,
} from '@tern/domain';
import type { PaymentRow, PayoutMethodRow, PayoutMethodView } from './repo.ts';

/** A stored masked value, masked again should it ever hold a plain one: never answer a number. */
const masked = (value: string | undefined) =>
  value === undefined ? undefined : isMasked(value) ? value : maskTail(value);

/** Extras without any account field a provider's form may have put there. */
const withoutAccountFields = (extras: PayoutExtras): PayoutExtras =>
  Object.fromEntries(Object.entries(extras).filter(([key]) => !isPayoutAccountField(key)));

export const toPayoutMethod = (row: PayoutMethodView): PayoutMethod => {
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
    currency: row.currency,
    extras: withoutAccountFields(row.extras),
    ...(accountNumber ? { accountNumber } : {}),
    ...(iban ? { iban } : {}),
    created: row.createdAt.toISOString(),
  };
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toPayment = (row: PaymentRow, method: PayoutMethodRow | null): Payment => {
  const shown = method ? toPayoutMethod(method) : null;
  return {
    paymentId: row.id,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    reasonText: row.reasonText ?? null,
    status: row.status,
    method: shown && {
      payoutMethodId: shown.payoutMethodId,
      description: shown.description,
      type: shown.type,
      ...(shown.accountNumber ? { accountNumber: shown.accountNumber } : {}),
      ...(shown.iban ? { iban: shown.iban } : {}),
    },
    providerReference: row.providerReference,
    failureReason: row.failureReason,
    failureText: row.failureText ?? null,
    requestedAt: row.requestedAt.toISOString(),
    sentAt: iso(row.sentAt),
    settledAt: iso(row.settledAt),
    failedAt: iso(row.failedAt),
    resentAt: iso(row.resentAt),
    replacedAt: iso(row.replacedAt),
  };
};
