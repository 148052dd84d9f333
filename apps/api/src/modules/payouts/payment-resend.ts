import { AppError, mayResendPayment, type Payment, type PaymentResend } from '@tern/domain';
import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { toPayment } from './mappers.ts';
import type { PaymentRow, PayoutsRepo } from './repo.ts';

/**
 * An area that paid a payment has its say before the user resends it, and may refuse (it
 * throws): a resolution takes its policy cap again, so money returned and resent never pays
 * more than the cap.
 */
export type ResendGuard = (payment: PaymentRow, payoutMethodId: string) => Promise<ResendUndo>;
/** What a guard gives back when the resend it let through does not happen after all. */
export type ResendUndo = (() => Promise<void>) | undefined;

/**
 * The key the provider gets a payment under. A resend is a new transfer for the provider (the
 * first one failed and stays failed under the payment's id), and one only: the payment's id
 * with a suffix, so a retry of the resend after a crash still pays once.
 */
export const transferKeyOf = (payment: Pick<PaymentRow, 'id' | 'resentAt'>): string =>
  payment.resentAt ? `${payment.id}:resent` : payment.id;

const notFound = (paymentId: string) =>
  new AppError('PAYOUT_NOT_FOUND', { message: `No payment ${paymentId}` });

const notResendable = () =>
  new AppError('PAYMENT_NOT_RESENDABLE', {
    message: 'Only a failed payment is sent again, once, unless the payer paid it otherwise',
  });

/** Why a failed payment could not be marked as paid by another. */
export function notReplaced(outcome: 'missing' | 'not-failed', paymentId: string): AppError {
  return outcome === 'missing' ? notFound(paymentId) : notResendable();
}

/**
 * A failed payment sent again, to another payout method of the user's (spec: Payments offers
 * the fix in place). The same payment — its id, amount, reason and the payer's idempotency
 * key — goes once more through the send job, once only.
 */
export function paymentResendService(deps: {
  repo: PayoutsRepo;
  clock: Clock;
  /** The sending of a payment (the `payouts.send` job), queued in the resend's commit. */
  sending: (paymentId: string) => SQL;
  /** Tells the user's pages and the areas that paid it. */
  announce: (payment: PaymentRow) => Promise<void>;
}) {
  const { repo, clock } = deps;
  const guards: ResendGuard[] = [];

  return {
    /** Lets the area that paid a payment refuse or take on its resend. */
    guard: (guard: ResendGuard) => void guards.push(guard),

    async resend(owner: Owner, paymentId: string, request: PaymentResend): Promise<Payment> {
      const payment = await repo.findOwnPayment(owner, paymentId);
      if (!payment) throw notFound(paymentId);
      if (!mayResendPayment(payment)) throw notResendable();
      const method = await repo.findMethod(owner.userId, owner.partnerId, request.payoutMethodId);
      if (!method)
        throw new AppError('PAYMENT_METHOD_NOT_FOUND', {
          message: `No payout method ${request.payoutMethodId}`,
          field: 'payoutMethodId',
        });
      if (method.currency !== payment.currency)
        throw new AppError('INVALID_PARAMS', {
          message: `The payment is in ${payment.currency}, the payout method in ${method.currency}`,
          field: 'payoutMethodId',
          details: [{ field: 'payoutMethodId', message: 'validation.invalid' }],
        });
      // The areas that paid it first (a resolution takes its cap again, once): of two resends
      // at once, one passes them, and the statement below sends once anyway.
      // What the guards took back is given back when the resend does not happen, whether
      // it was refused or a later step failed.
      const undos: ResendUndo[] = [];
      const undo = async () => {
        for (const taken of undos) await taken?.();
      };
      let resent: Awaited<ReturnType<typeof repo.resendPayment>>;
      try {
        for (const guard of guards) undos.push(await guard(payment, method.id));
        resent = await repo.resendPayment(owner, paymentId, method.id, clock.now(), deps.sending);
      } catch (error) {
        await undo();
        throw error;
      }
      if (!resent) {
        await undo();
        throw notResendable();
      }
      await deps.announce(resent);
      return toPayment(resent, method);
    },

    /**
     * The payer pays a failed payment of the user's with another one (a resolution's cash
     * claimed again): it is then never resent. Refused once the user has resent it (it is on
     * its way again) or it did not fail.
     */
    async replace(owner: Owner, paymentId: string): Promise<void> {
      const outcome = await repo.replacePayment(owner, paymentId, clock.now());
      if (outcome !== 'replaced') throw notReplaced(outcome, paymentId);
    },
  };
}
export type PaymentResendService = ReturnType<typeof paymentResendService>;
