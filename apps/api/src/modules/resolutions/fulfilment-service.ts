import {
  AppError,
  capBalance,
  bagPaymentReasonText,
  kindsOf,
  mayMove,
  paymentReasonText,
  type CodedText,
  type PaymentRequest,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { DisruptionPort } from '../../providers/disruption/port.ts';
import type { Payments, PaymentRow, ResendUndo } from '../payouts/index.ts';
import { MINUTE_MS } from '../accounts/index.ts';
import type { BagOptionsRepo } from './bag-repo.ts';
import { statusConflict, type PartnerOf, type ResolutionMoves } from './moves.ts';
import type { OptionsEngine } from './options-engine.ts';
import type { ResolutionRow, ResolutionsRepo } from './repo.ts';

/**
 * What an answer brings about (spec 2 §4.8): cash paid through the payouts area and its
 * payment followed, points credited, hotels and rebookings booked with the providers, and
 * the sweep that resumes what a crash left undone.
 */
export function fulfilmentService(deps: {
  repo: ResolutionsRepo;
  disruption: DisruptionPort;
  payments: Payments;
  partnerOf: PartnerOf;
  clock: Clock;
  moves: ResolutionMoves;
  bags: Pick<BagOptionsRepo, 'bag'>;
  engine: Pick<OptionsEngine, 'answerAlert'>;
  /** Queues the provider booking of a requested hotel or rebooking (`resolutions.book`). */
  queueBooking: (resolutionId: string) => Promise<void>;
}) {
  const { repo, disruption, payments, partnerOf, clock, engine } = deps;
  const { publish, flightOf, guestsOf, attemptKey, move } = deps.moves;

  /**
   * What a payment says it is for: the bank's reference, and the customer's in their
   * language — the disrupted flight, or the lost bag's file.
   */
  async function reasonOf(row: ResolutionRow): Promise<{ reason: string; reasonText: CodedText }> {
    if (row.bagId) {
      const bag = await deps.bags.bag(row.bagId);
      const pir = bag?.pir ?? '';
      return { reason: `Lost bag ${pir}`, reasonText: bagPaymentReasonText(pir) };
    }
    const flight = await flightOf(row);
    return {
      reason: `Disruption of ${flight.flightNumber} on ${flight.embarkDate}`,
      reasonText: paymentReasonText(flight.flightNumber, flight.embarkDate),
    };
  }

  return {
    /** Pays a confirmed cash option through the payouts area (its key pays once). */
    async pay(row: ResolutionRow): Promise<void> {
      if (!row.paidAmount || !row.payoutMethodId) return;
      const [{ partner }, reason] = await Promise.all([partnerOf(row.partnerId), reasonOf(row)]);
      const payment = await payments.send(partner, {
        userId: row.userId,
        payoutMethodId: row.payoutMethodId,
        amount: row.paidAmount,
        currency: row.currency as PaymentRequest['currency'],
        // `reason` is the bank's reference; the customer reads `reasonText`, in their language.
        ...reason,
        idempotencyKey: await attemptKey(row, 'Confirmed'),
      });
      await repo.update(row.id, { paymentId: payment.paymentId }, clock.now());
    },

    /** Credits a confirmed points option with the loyalty provider (its key credits once). */
    async credit(row: ResolutionRow): Promise<void> {
      const flight = await flightOf(row);
      const { reference } = await disruption.loyalty.credit({
        idempotencyKey: await attemptKey(row, 'Confirmed'),
        memberId: row.userId,
        points: row.points ?? 0,
        reason: `Disruption of ${flight.flightNumber} on ${flight.embarkDate}`,
      });
      await repo.update(
        row.id,
        { outcome: { ...row.outcome, points: { reference } } },
        clock.now(),
      );
    },

    /** The `resolutions.book` job: books a requested hotel or rebooking with the provider. */
    async book(resolutionId: string): Promise<void> {
      const row = await repo.find(resolutionId);
      if (!row || (row.status !== 'Requested' && row.status !== 'Confirmed')) return;
      const guests = await guestsOf(row);
      const idempotencyKey = await attemptKey(row, 'Booked');
      if (kindsOf(row.type).includes('HOTEL') && row.alternateId) {
        const booking = await disruption.hotels.book({
          idempotencyKey,
          alternateId: row.alternateId,
          guests,
        });
        if (booking === 'unavailable') await move(row, { to: 'Failed', actor: 'system' });
        else
          await move(row, { to: 'Booked', actor: 'system', set: { outcome: { hotel: booking } } });
      } else if (row.flightIds.length > 0) {
        const rebooked = await disruption.rebooking.rebook({
          idempotencyKey,
          flightIds: row.flightIds,
          guests,
        });
        if (rebooked === 'unavailable') await move(row, { to: 'Failed', actor: 'system' });
        else
          await move(row, {
            to: 'Booked',
            actor: 'system',
            set: { outcome: { flights: rebooked } },
          });
      }
    },

    /**
     * The user resends a cash option's failed payment from Payments, to another method: the
     * option takes its share of the cap again and is Confirmed once more (as a claim again
     * would be). Refused when the cap left cannot pay it all, or the option has moved on.
     */
    async paymentResent(payment: PaymentRow, payoutMethodId: string): Promise<ResendUndo> {
      const row = await repo.byPayment(payment);
      if (!row) return undefined;
      if (!mayMove(row.type, row.status, 'Confirmed', 'customer'))
        throw statusConflict(row, 'Confirmed');
      const { config } = await partnerOf(row.partnerId);
      const moved = await repo.claimUnderCap(
        row,
        'Failed',
        (used) => {
          if (capBalance(config.resolutions.policyCap, used) < payment.amount)
            throw new AppError('CLAIMS_EXCEEDED', { message: 'The policy cap left cannot pay it' });
          return { to: 'Confirmed', actor: 'customer', set: { payoutMethodId } };
        },
        clock.now(),
      );
      if (!moved) throw statusConflict(row, 'Confirmed');
      await publish(row.userId);
      // The payment could not be resent after all (the payer paid it otherwise, or the
      // method went, in between): the option is Failed again, its cap share given back.
      return () =>
        move(moved, {
          to: 'Failed',
          actor: 'system',
          set: { payoutMethodId: row.payoutMethodId },
        }).then(() => undefined);
    },

    /**
     * A payment of a cash option moved (its steps are in the option's trail): a returned one
     * fails the option, which may be claimed again. The bank's reason is the payment's.
     */
    async paymentChanged(payment: PaymentRow): Promise<void> {
      const row = await repo.byPayment(payment);
      if (!row) return;
      const current = row.paymentId === null || row.paymentId === payment.id;
      if (payment.status === 'failed' && row.status === 'Confirmed' && current)
        await move(row, { to: 'Failed', actor: 'system' });
      else await publish(row.userId);
    },

    /**
     * The `resolutions.sweep` job: alerts no listener answered (a crash between the alert and
     * its options), cash confirmed but never paid, bookings requested but never made.
     */
    async sweep(): Promise<void> {
      const now = clock.now().getTime();
      for (const alertId of await repo.unansweredAlerts(
        new Date(now - 2 * 24 * 60 * MINUTE_MS),
        100,
      ))
        await engine.answerAlert(alertId);
      for (const row of await repo.stranded(new Date(now - MINUTE_MS))) {
        if (row.status === 'Confirmed') await this.pay(row);
        else await deps.queueBooking(row.id);
      }
    },
  };
}
export type FulfilmentService = ReturnType<typeof fulfilmentService>;
