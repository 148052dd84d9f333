import {
  AppError,
  checkPayoutFields,
  isPayoutAccountField,
  maskTail,
  PAYMENT_RAILS_TYPE,
  PAYOUT_DESCRIPTION_MAX,
  payoutsContracts,
  providerOfKey,
  RECENT_SIGN_IN_MS,
  SESSION_TIMEOUT_MS,
  type Bank,
  type FieldProblem,
  type HolderProof,
  type Payment,
  type PaymentRequest,
  type PayoutConfig,
  type PayoutCurrency,
  type PayoutMethod,
  type PayoutMethodCreate,
  type PayoutMethodPatch,
  type PayoutProvider,
  type RequiredField,
  type RequiredFieldsQuery,
} from '@tern/domain';
import type { Encryption } from '../../lib/encryption.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { NotificationsPort } from '../../providers/notifications/port.ts';
import { renderTemplate } from '../../providers/notifications/templates.ts';
import type { PayoutsPort } from '../../providers/payouts/port.ts';
import type { UserRow } from '../accounts/index.ts';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';
import { toPayment, toPayoutMethod } from './mappers.ts';
import type { PaymentRow, PayoutMethodRow, PayoutsRepo } from './repo.ts';

/** What a payment's state change tells the user's open pages. */
export const PAYMENT_KEYS = [payoutsContracts.payments.id] as const;
const METHOD_KEYS = ['PAYOUT_METHODS'] as const;

/** Body keys that are not provider fields. */
const META_KEYS = new Set([
  'description',
  'type',
  'currency',
  'service',
  'provider',
  'vendor',
  'preferred',
  'password',
  'code',
]);
const dynamicOf = (body: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(body).filter(
      (entry): entry is [string, string] =>
        !META_KEYS.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );

const fieldsInvalid = (problems: FieldProblem[]) =>
  new AppError('PAYMENT_FIELDS_INVALID', {
    message: 'Some payment details are not valid',
    field: problems[0]!.field,
    details: problems,
  });

/** `BANK-CORPAY` → service `bank`, provider `corpay`. */
const partsOf = (type: string) => {
  const [service = '', provider = ''] = type.toLowerCase().split('-');
  return { service, provider };
};

export interface PayoutsServiceDeps {
  repo: PayoutsRepo;
  port: PayoutsPort;
  encryption: Encryption;
  clock: Clock;
  live: LiveEvents;
  notifications: NotificationsPort;
  users: { findById(id: string): Promise<UserRow | undefined> };
  proveHolder: (userId: string, proof: HolderProof) => Promise<void>;
  /** Queues the sending of a payment (the `payouts.send` job). */
  queueSend: (paymentId: string) => Promise<void>;
}

export function payoutsService(deps: PayoutsServiceDeps) {
  const { repo, port, encryption, clock, live, notifications, users, proveHolder } = deps;

  /** The partner's payout service, or PAYOUT_SERVICE_NOT_CONFIGURED. */
  const serviceOf = (partner: PartnerRow) => {
    const { payouts, parametric } = partnerConfig(partner);
    const { supplier } = payouts;
    if (!supplier)
      throw new AppError('PAYOUT_SERVICE_NOT_CONFIGURED', {
        message: `Partner ${partner.id} has no payout service`,
      });
    return { ...payouts, supplier, business: parametric };
  };

  const definitionsFor = async (
    partner: PartnerRow,
    provider: PayoutProvider,
    currency: PayoutCurrency,
  ): Promise<RequiredField[]> => {
    const service = serviceOf(partner);
    if (!service.providers.includes(provider))
      throw new AppError('INVALID_PARAMS', {
        message: `${partner.id} does not pay out through ${provider}`,
        field: 'type',
      });
    return port.requiredFields(provider, currency, { business: service.business });
  };

  /** The values checked as the definitions and the provider want them, or 422 with every field. */
  const checkedValues = (
    definitions: RequiredField[],
    currency: PayoutCurrency,
    values: Record<string, string>,
  ) => {
    const checked = checkPayoutFields(definitions, values);
    if (checked.problems.length > 0) throw fieldsInvalid(checked.problems);
    const account = port.checkAccount(currency, checked.values);
    if (account.problems.length > 0) throw fieldsInvalid(account.problems);
    return account.values;
  };

  /** Account numbers sealed, masked tails to show, the rest kept as extras. */
  const stored = (values: Record<string, string>) => {
    const account = Object.fromEntries(
      Object.entries(values).filter(([key]) => isPayoutAccountField(key)),
    );
    const extras = Object.fromEntries(
      Object.entries(values).filter(([key]) => !isPayoutAccountField(key)),
    );
    return {
      extras,
      accountMasked: {
        ...(account.accountNumber ? { accountNumber: maskTail(account.accountNumber) } : {}),
        ...(account.iban ? { iban: maskTail(account.iban) } : {}),
      },
      accountCiphertext:
        Object.keys(account).length > 0 ? encryption.encrypt(JSON.stringify(account)) : null,
    };
  };

  const accountOf = (row: PayoutMethodRow): Record<string, string> =>
    row.accountCiphertext
      ? (JSON.parse(encryption.decrypt(row.accountCiphertext)) as Record<string, string>)
      : {};

  const holder = async (caller: Owner) => {
    const user = await users.findById(caller.userId);
    if (!user) throw new AppError('USER_NOT_FOUND', { message: `No user ${caller.userId}` });
    return user;
  };

  /**
   * Where money goes is changed only by the holder, and from a session older than
   * RECENT_SIGN_IN_MS only with their password or TOTP code (a borrowed, still-open session
   * must not redirect payouts).
   */
  const guardChange = async (caller: Caller, user: UserRow, proof: HolderProof) => {
    if (caller.agentId)
      throw new AppError('ACCOUNT_HOLDER_ONLY', {
        message: 'Only the account holder may add or change a payout method',
      });
    const signedInAt = caller.expiresAt.getTime() - SESSION_TIMEOUT_MS;
    if (clock.now().getTime() - signedInAt <= RECENT_SIGN_IN_MS) return;
    if (!proof.password && !proof.code)
      throw new AppError('RECENT_SIGN_IN_REQUIRED', {
        message: 'Confirm it is you to change where payouts go',
        field: user.mfaEnabled ? 'code' : 'password',
      });
    await proveHolder(user.id, proof);
  };

  const tell = async (
    user: UserRow,
    partner: PartnerRow,
    description: string,
    change: 'added' | 'changed' | 'removed',
  ) => {
    await notifications.send({
      channel: 'email',
      to: user.emailAddress,
      partnerId: partner.id,
      template: 'payout-method-changed',
      locale: user.locale,
      userId: user.id,
      ...renderTemplate('payout-method-changed', user.locale, {
        description,
        change,
        partnerName: partner.name,
      }),
    });
    await live.publish(user.id, METHOD_KEYS);
  };

  const paymentsChanged = (payment: PaymentRow) => live.publish(payment.userId, PAYMENT_KEYS);

  /**
   * A method's provider fields changed (or its provider: "update to Corpay"): checked again
   * as a whole, the details it holds filling the fields the request leaves out.
   */
  const reshape = async (
    partner: PartnerRow,
    current: PayoutMethodRow,
    patch: PayoutMethodPatch,
    given: Record<string, string>,
  ) => {
    const type = patch.type ?? providerOfKey(current.type.toLowerCase());
    if (!type)
      throw new AppError('INVALID_PARAMS', {
        message: `A ${current.type} method's details are kept by its supplier`,
        field: 'type',
      });
    const currency = patch.currency ?? (current.currency as PayoutCurrency);
    const definitions = await definitionsFor(partner, type, currency);
    const keys = new Set(definitions.map((field) => field.key));
    const held = Object.fromEntries(
      Object.entries({ ...current.extras, ...accountOf(current) }).filter(([key]) => keys.has(key)),
    );
    const values = checkedValues(definitions, currency, { ...held, ...given });
    return { ...partsOf(type), type, currency, ...stored(values) };
  };

  return {
    /**
     * The user's payout methods. Answered whatever the partner's payout configuration: they
     * are the user's own records (a partner that drops its payout service still shows them).
     */
    async listMethods(owner: Owner): Promise<PayoutMethod[]> {
      const rows = await repo.listMethods(owner.userId, owner.partnerId);
      return rows.map(toPayoutMethod);
    },

    /** The partner's payout supplier, providers and country (spec 1 §3 "Payout config"). */
    config(partner: PartnerRow): PayoutConfig {
      const service = serviceOf(partner);
      return {
        payouts: { supplier: service.supplier, providers: service.providers },
        country: { iso: service.country.iso, currency: service.country.currency },
      };
    },

    /** A provider's field definitions for a currency, or the banks a lookup finds. */
    async requiredFields(
      partner: PartnerRow,
      key: string,
      query: RequiredFieldsQuery,
    ): Promise<RequiredField[] | Bank[]> {
      const service = serviceOf(partner);
      if (query.bankSearch !== undefined && query.country !== undefined)
        return port.searchBanks(query.country, query.bankSearch);
      // The vendor stands for the partner's first provider.
      const provider = providerOfKey(key) ?? service.providers[0];
      if (!provider)
        throw new AppError('PAYOUT_SERVICE_NOT_CONFIGURED', {
          message: `Partner ${partner.id} has no payout provider`,
        });
      return definitionsFor(
        partner,
        provider,
        query.currency ?? (service.country.currency as PayoutCurrency),
      );
    },

    async createMethod(
      caller: Caller,
      partner: PartnerRow,
      body: PayoutMethodCreate,
    ): Promise<PayoutMethod> {
      const service = serviceOf(partner);
      const user = await holder(caller);
      await guardChange(caller, user, body);
      const currency = body.currency ?? (service.country.currency as PayoutCurrency);
      const definitions = await definitionsFor(partner, body.type, currency);
      const values = checkedValues(definitions, currency, dynamicOf(body));
      const row = await repo.insertMethod({
        userId: caller.userId,
        partnerId: caller.partnerId,
        description: body.description,
        ...partsOf(body.type),
        vendor: 'service-provider',
        type: body.type,
        currency,
        ...stored(values),
      });
      await tell(user, partner, row.description, 'added');
      return toPayoutMethod(row);
    },

    /** The bank fields the payment-rails supplier's page asks for (its own, not a provider's). */
    async supplierFields(partner: PartnerRow) {
      const service = serviceOf(partner);
      const currency = service.country.currency as PayoutCurrency;
      const fields = await port.requiredFields('BANK-MANUAL', currency, {
        business: service.business,
      });
      return { currency, fields };
    },

    /**
     * A method the payment-rails supplier's page created: the page itself stood between the
     * user and the account (its one-time link was opened from a signed-in session).
     */
    async createSupplierMethod(
      owner: Owner,
      partner: PartnerRow,
      description: string,
      given: Record<string, string>,
    ): Promise<PayoutMethod | FieldProblem[]> {
      const { currency, fields } = await this.supplierFields(partner);
      const trimmed = description.trim();
      if (!trimmed || trimmed.length > PAYOUT_DESCRIPTION_MAX)
        return [
          {
            field: 'description',
            message: trimmed ? 'validation.max_length' : 'validation.required',
          },
        ];
      const visible = fields.filter((field) => !field.lookupField);
      const checked = checkPayoutFields(visible, given);
      if (checked.problems.length > 0) return checked.problems;
      const account = port.checkAccount(currency, checked.values);
      if (account.problems.length > 0) return account.problems;
      const user = await holder(owner);
      const row = await repo.insertMethod({
        userId: owner.userId,
        partnerId: owner.partnerId,
        description: trimmed,
        ...partsOf(PAYMENT_RAILS_TYPE),
        vendor: 'payment-rails',
        type: PAYMENT_RAILS_TYPE,
        currency,
        ...stored(account.values),
      });
      await tell(user, partner, row.description, 'added');
      return toPayoutMethod(row);
    },

    /**
     * `preferred: 1` moves the preferred flag; other fields change the method: its address
     * and description, or its provider's fields (checked again as a whole, with the details
     * it already holds for the fields the new request leaves out).
     */
    async updateMethod(
      caller: Caller,
      partner: PartnerRow,
      id: string,
      body: PayoutMethodPatch,
    ): Promise<PayoutMethod> {
      const row = await repo.findMethod(caller.userId, caller.partnerId, id);
      if (!row)
        throw new AppError('PAYMENT_METHOD_NOT_FOUND', { message: `No payout method ${id}` });
      const changes = dynamicOf(body);
      const reshaped =
        body.type !== undefined ||
        body.currency !== undefined ||
        Object.keys(changes).some((key) => !ADDRESS_KEYS.has(key));
      let updated = row;
      if (reshaped || Object.keys(changes).length > 0 || body.description !== undefined) {
        const user = await holder(caller);
        await guardChange(caller, user, body);
        const next = await repo.updateMethod(
          caller.userId,
          caller.partnerId,
          id,
          {
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(reshaped
              ? await reshape(partner, row, body, changes)
              : { extras: { ...row.extras, ...changes } }),
          },
          clock.now(),
        );
        if (!next)
          throw new AppError('PAYMENT_METHOD_NOT_FOUND', { message: `No payout method ${id}` });
        updated = next;
        await tell(user, partner, updated.description, 'changed');
      }
      if (body.preferred === 1) {
        const preferred = await repo.setPreferred(caller.userId, caller.partnerId, id, clock.now());
        if (!preferred)
          throw new AppError('PAYMENT_METHOD_NOT_FOUND', { message: `No payout method ${id}` });
        updated = preferred;
        await live.publish(caller.userId, METHOD_KEYS);
      }
      return toPayoutMethod(updated);
    },

    async removeMethod(caller: Caller, partner: PartnerRow, id: string): Promise<PayoutMethod[]> {
      const row = await repo.findMethod(caller.userId, caller.partnerId, id);
      const outcome = row
        ? await repo.removeMethod(caller.userId, caller.partnerId, id, clock.now())
        : 'missing';
      if (outcome === 'missing')
        throw new AppError('PAYMENT_METHOD_NOT_FOUND', { message: `No payout method ${id}` });
      if (outcome === 'in-use')
        throw new AppError('PAYOUT_METHOD_IN_USE', {
          message: 'A payment is on its way to this method',
        });
      const user = await holder(caller);
      await tell(user, partner, row!.description, 'removed');
      return this.listMethods(caller);
    },

    // ── Payments ─────────────────────────────────────────────────────────────────────────
    async listPayments(owner: Owner): Promise<Payment[]> {
      const rows = await repo.listPayments(owner.userId, owner.partnerId);
      return rows.map(({ payment, method }) => toPayment(payment, method));
    },

    /**
     * Records a payment and queues its sending. The same key answers the first payment and
     * pays nothing more; with other details it is refused (a reused key is a caller's bug).
     */
    async send(partner: PartnerRow, request: PaymentRequest): Promise<Payment> {
      const user = await users.findById(request.userId);
      if (!user || user.partnerId !== partner.id)
        throw new AppError('USER_NOT_FOUND', { message: `No user ${request.userId}` });
      const methods = await repo.listMethods(user.id, partner.id);
      const method = request.payoutMethodId
        ? methods.find((m) => m.id === request.payoutMethodId)
        : methods.find((m) => m.preferred);
      if (!method)
        throw new AppError('PAYMENT_METHOD_NOT_FOUND', {
          message: 'The user has no such payout method',
          field: 'payoutMethodId',
        });
      const outcome = await repo.insertPayment({
        userId: user.id,
        partnerId: partner.id,
        idempotencyKey: request.idempotencyKey,
        payoutMethodId: method.id,
        amount: request.amount,
        currency: request.currency,
        reason: request.reason,
      });
      if (outcome === 'no-method')
        throw new AppError('PAYMENT_METHOD_NOT_FOUND', {
          message: 'The payout method was removed',
          field: 'payoutMethodId',
        });
      const { payment, created } = outcome;
      const same =
        payment.userId === user.id &&
        payment.amount === request.amount &&
        payment.currency === request.currency &&
        (request.payoutMethodId === undefined || payment.payoutMethodId === request.payoutMethodId);
      if (!same)
        throw new AppError('DUPLICATE_ENTRY', {
          message: 'This idempotency key was used for another payment',
        });
      if (created) {
        await deps.queueSend(payment.id);
        await paymentsChanged(payment);
      }
      const current = (await repo.findPayment(payment.id)) ?? payment;
      return toPayment(
        current,
        await repo.methodById(current.payoutMethodId ?? '').then((m) => m ?? null),
      );
    },

    /**
     * The `payouts.send` job: hands a requested payment to the provider under the payment's
     * id as idempotency key, so a retry after a crash between the provider's answer and this
     * record gets the same transfer back instead of a second one. Returns whether the payment
     * still needs tracking.
     */
    async sendPayment(paymentId: string): Promise<boolean> {
      const payment = await repo.findPayment(paymentId);
      if (!payment) return false;
      if (payment.status !== 'requested') return payment.status === 'sent';
      const method = payment.payoutMethodId
        ? await repo.methodById(payment.payoutMethodId)
        : undefined;
      if (!method) {
        const failed = await repo.advancePayment(
          payment.id,
          ['requested'],
          {
            status: 'failed',
            failureReason: 'The payout method was removed',
            failedAt: clock.now(),
          },
          clock.now(),
        );
        if (failed) await paymentsChanged(failed);
        return false;
      }
      const user = await users.findById(payment.userId);
      const transfer = await port.transfer({
        idempotencyKey: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        account: { ...method.extras, ...accountOf(method) },
        beneficiary: user ? `${user.firstName} ${user.surname}` : method.description,
        reference: payment.reason,
      });
      const now = clock.now();
      const sent = await repo.advancePayment(
        payment.id,
        ['requested'],
        { status: 'sent', providerReference: transfer.reference, sentAt: now },
        now,
      );
      if (sent) await paymentsChanged(sent);
      return this.applyTransfer(payment.id, transfer);
    },

    /** The `payouts.track` job: asks the provider where a sent payment is. */
    async trackPayment(paymentId: string): Promise<boolean> {
      const payment = await repo.findPayment(paymentId);
      if (!payment || payment.status !== 'sent' || !payment.providerReference) return false;
      return this.applyTransfer(payment.id, await port.transferStatus(payment.providerReference));
    },

    /** Records where the provider says a transfer is; true while it has not cleared. */
    async applyTransfer(
      paymentId: string,
      transfer: { status: 'sent' | 'settled' | 'failed'; failureReason: string | null },
    ): Promise<boolean> {
      if (transfer.status === 'sent') return true;
      const now = clock.now();
      const cleared = await repo.advancePayment(
        paymentId,
        ['sent'],
        transfer.status === 'settled'
          ? { status: 'settled', settledAt: now }
          : { status: 'failed', failureReason: transfer.failureReason, failedAt: now },
        now,
      );
      if (cleared) await paymentsChanged(cleared);
      return false;
    },

    /** Open payments untouched for a while: their jobs are queued again (a lost job, a crash). */
    stalePayments: (before: Date) => repo.stalePayments(before),
  };
}
export type PayoutsService = ReturnType<typeof payoutsService>;

const ADDRESS_KEYS = new Set(['addressLine1', 'addressLine2', 'province', 'townCity', 'postCode']);
