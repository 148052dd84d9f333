import {
  AppError,
  DAY_MS,
  freeText,
  payoutFailureText,
  payoutsContracts,
  type InternalPaymentRequest,
  type Payment,
  type PayoutFailureCode,
} from '@tern/domain';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Owner } from '../../plugins/contracts.ts';
import type { PayoutsPort, Transfer } from '../../providers/payouts/port.ts';
import type { UserRow } from '../accounts/index.ts';
import type { PartnerEvents, PartnerRow } from '../partners/index.ts';
import type { AccountDetails } from './account-details.ts';
import { toPayment } from './mappers.ts';
import { notReplaced, transferKeyOf } from './payment-resend.ts';
import type { PaymentRow, PayoutsRepo } from './repo.ts';

/** A payment the provider has not taken by then fails (see `stalePayments`). */
const PAYMENT_GIVE_UP_MS = DAY_MS;

/** What a payment's state change tells the user's open pages. */
const PAYMENT_KEYS = [payoutsContracts.payments.id] as const;

export interface PaymentsServiceDeps {
  repo: PayoutsRepo;
  port: PayoutsPort;
  accounts: AccountDetails;
  clock: Clock;
  live: LiveEvents;
  users: { findById(id: string): Promise<UserRow | undefined> };
  /** The sending of a payment (the `payouts.send` job), queued in the payment's commit. */
  sending: (paymentId: string) => SQL;
  /** A payment moved (requested, sent, settled or failed): areas that paid it follow it. */
  paymentChanged?: (payment: PaymentRow) => Promise<void>;
  /** A payment sent or settled is the partner's event, in the change's transaction. */
  events: PartnerEvents;
}

/**
 * Payments to users (spec 1 §7): recorded once per idempotency key, handed to the provider
 * by the `payouts.send` job and followed by `payouts.track` until they settle or fail.
 */
export function paymentsService(deps: PaymentsServiceDeps) {
  const { repo, port, clock, live, users } = deps;
  const { accountOf } = deps.accounts;

  /** Raises `payout.sent` or `payout.settled` for a payment that has just moved there. */
  const raise = (type: 'payout.sent' | 'payout.settled') => (tx: Tx, payment: PaymentRow) =>
    deps.events.emit(
      {
        partnerId: payment.partnerId,
        type,
        data: {
          paymentId: payment.id,
          userId: payment.userId,
          status: payment.status,
          amount: payment.amount,
          currency: payment.currency,
          idempotencyKey: payment.idempotencyKey,
        },
      },
      tx,
    );

  const paymentsChanged = async (payment: PaymentRow) => {
    await live.publish(payment.userId, PAYMENT_KEYS);
    await deps.paymentChanged?.(payment);
  };

  /** Fails a payment never handed to the provider, with why (for support, and the customer). */
  const failRequested = async (
    paymentId: string,
    failureReason: string,
    failureCode: PayoutFailureCode,
  ) => {
    const now = clock.now();
    const failed = await repo.advancePayment(
      paymentId,
      ['requested'],
      {
        status: 'failed',
        failureReason,
        failureText: payoutFailureText(failureCode),
        failedAt: now,
      },
      now,
    );
    if (failed) await paymentsChanged(failed);
  };

  return {
    /** A payment by id, for the area that asked for it. */
    findPayment: (paymentId: string) => repo.findPayment(paymentId),

    /** Tells the user's open pages and the areas that paid it that a payment moved. */
    announcePayment: paymentsChanged,

    async listPayments(owner: Owner): Promise<Payment[]> {
      const rows = await repo.listPayments(owner.userId, owner.partnerId);
      return rows.map(({ payment, method }) => toPayment(payment, method));
    },

    /**
     * Records a payment and queues its sending. The same key answers the first payment and
     * pays nothing more; with other details it is refused (a reused key is a caller's bug).
     */
    async send(partner: PartnerRow, request: InternalPaymentRequest): Promise<Payment> {
      const user = await users.findById(request.userId);
      if (!user || user.partnerId !== partner.id)
        throw new AppError('USER_NOT_FOUND', { message: `No user ${request.userId}` });
      const outcome = await repo.insertPayment(
        {
          userId: user.id,
          partnerId: partner.id,
          idempotencyKey: request.idempotencyKey,
          payoutMethodId: request.payoutMethodId,
          amount: request.amount,
          currency: request.currency,
          reason: request.reason,
          reasonText: request.reasonText ?? null,
        },
        // An account is paid in its own currency.
        (method) => method.currency === request.currency,
        // In the same commit, so the user cannot resend the failed payment this one pays
        // instead, and a refused payment replaces nothing.
        request.replacesPaymentId
          ? { paymentId: request.replacesPaymentId, now: clock.now() }
          : undefined,
        deps.sending,
      );
      if (outcome === 'missing' || outcome === 'not-failed')
        throw notReplaced(outcome, request.replacesPaymentId!);
      if (outcome === 'no-method')
        throw new AppError('PAYMENT_METHOD_NOT_FOUND', {
          message: 'The user has no such payout method',
          field: 'payoutMethodId',
        });
      if (outcome === 'refused')
        throw new AppError('INVALID_PARAMS', {
          message: 'The payout method is paid in another currency',
          field: 'currency',
        });
      const { payment, method, created } = outcome;
      const same =
        payment.userId === user.id &&
        payment.amount === request.amount &&
        payment.currency === request.currency &&
        payment.reason === request.reason &&
        // A removed method's payments keep no link to it: the key alone answers them.
        (request.payoutMethodId === undefined ||
          payment.payoutMethodId === null ||
          payment.payoutMethodId === request.payoutMethodId);
      if (!same)
        throw new AppError('DUPLICATE_ENTRY', {
          message: 'This idempotency key was used for another payment',
        });
      if (created) await paymentsChanged(payment);
      return toPayment(payment, method ?? null);
    },

    /**
     * The `payouts.send` job: hands a requested payment to the provider under the payment's
     * id as idempotency key (its resend under a key of its own), so a retry after a crash
     * between the provider's answer and this record gets the same transfer back instead of a
     * second one. Returns whether the payment still needs tracking.
     */
    async sendPayment(paymentId: string): Promise<boolean> {
      const payment = await repo.findPayment(paymentId);
      if (!payment) return false;
      if (payment.status !== 'requested') return payment.status === 'sent';
      const method = payment.payoutMethodId
        ? await repo.methodById(payment.payoutMethodId)
        : undefined;
      if (!method) {
        await failRequested(payment.id, 'The payout method was removed', 'METHOD_REMOVED');
        return false;
      }
      const user = await users.findById(payment.userId);
      const transfer = await port.transfer({
        idempotencyKey: transferKeyOf(payment),
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
        raise('payout.sent'),
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
      transfer: Pick<Transfer, 'status' | 'failureReason' | 'failureCode'>,
    ): Promise<boolean> {
      if (transfer.status === 'sent') return true;
      const now = clock.now();
      const cleared = await repo.advancePayment(
        paymentId,
        ['sent'],
        transfer.status === 'settled'
          ? { status: 'settled', settledAt: now }
          : {
              status: 'failed',
              failureReason: transfer.failureReason,
              // A code the adapter does not know: the provider's words, as they are.
              failureText: transfer.failureCode
                ? payoutFailureText(transfer.failureCode)
                : transfer.failureReason
                  ? freeText(transfer.failureReason)
                  : null,
              failedAt: now,
            },
        now,
        transfer.status === 'settled' ? raise('payout.settled') : undefined,
      );
      if (cleared) await paymentsChanged(cleared);
      return false;
    },

    /**
     * Open payments untouched since `before`, whose jobs may have been lost (a crash, a
     * purge): answered to be queued again. One still not handed to the provider a day after
     * it was asked for fails, so a payment that cannot be sent ends instead of retrying forever.
     */
    async stalePayments(before: Date): Promise<PaymentRow[]> {
      const giveUpBefore = clock.now().getTime() - PAYMENT_GIVE_UP_MS;
      const stale: PaymentRow[] = [];
      for (const payment of await repo.stalePayments(before)) {
        // A resent payment was asked for anew when it was resent.
        const asked = payment.resentAt ?? payment.requestedAt;
        if (payment.status !== 'requested' || asked.getTime() > giveUpBefore) {
          stale.push(payment);
          continue;
        }
        await failRequested(
          payment.id,
          'The payout provider could not take the payment',
          'REFUSED',
        );
      }
      return stale;
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
