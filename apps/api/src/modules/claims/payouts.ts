import { randomUUID } from 'node:crypto';
import {
  AppError,
  alertPeriods,
  payoutAmounts,
  periodClosesAt,
  periodKey,
  type ClaimDatasetRow,
  type ClaimPayoutPatch,
  type ItemAlert,
  type PayoutCurrency,
} from '@tern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Caller } from '../../plugins/contracts.ts';
import type { PaymentRow, Payments } from '../payouts/index.ts';
import type { PartnerRow } from '../partners/index.ts';
import type { BankRevenue } from './bank-revenue.ts';
import { actorOf, wrongStep, type ClaimsReader } from './claims-service.ts';
import type { ClaimNotifier } from './notify.ts';
import type { ClaimsRepo, ItemAlertRow, NewClaimEvent } from './repo.ts';
import type { StoredClaimPayout } from './tables.ts';

/** A claim payout's payment is found by this key (and made once with it). */
const PAYMENT_KEY_PREFIX = 'claims:';
const OPEN_STATUSES = ['FUTURE', 'CONFIRM'];
const SWEEP_BATCH = 100;

/**
 * A parametric claim's payouts (spec 2 §4.9, §9): one row per period once the offer is
 * accepted. As each period closes the bank's actual revenue arrives and the row moves on by
 * itself — FUTURE, CONFIRM while the figures are awaited, then PAYMENT-DETAILS when there is
 * something to pay (NONE when not) — and the customer's payment details pay it once (SENT).
 */
export function claimPayouts(deps: {
  repo: ClaimsRepo;
  reader: ClaimsReader;
  bank: BankRevenue;
  clock: Clock;
  notifier: ClaimNotifier;
  payments: Pick<Payments, 'send'>;
  log: FastifyBaseLogger;
}) {
  const { repo, reader, bank, clock, notifier, log } = deps;

  /** Works out the months of a claim that have closed. */
  async function closeAlert(alertId: string): Promise<void> {
    const facts = await repo.alertFacts(alertId);
    if (!facts?.alert.confirmed) return;
    const now = clock.now();
    const closed = facts.alert.payouts.filter(
      (row) => OPEN_STATUSES.includes(row.status) && periodClosesAt({ end: row.periodEnd }) <= now,
    );
    if (closed.length === 0) return;
    // Read from the bank before the claim is locked: the lock waits for no one outside.
    const actuals = new Map<string, number | null>();
    for (const row of closed)
      actuals.set(
        row.payoutId,
        await bank.actual(facts.item, { start: row.periodStart, end: row.periodEnd }),
      );
    const due: StoredClaimPayout[] = [];
    await repo.changeAlert(
      alertId,
      (locked) => {
        const events: NewClaimEvent[] = [];
        const at = clock.now();
        let rows = locked.payouts.map((row) => {
          if (!OPEN_STATUSES.includes(row.status) || !actuals.has(row.payoutId)) return row;
          const actual = actuals.get(row.payoutId) ?? null;
          if (row.status === 'FUTURE')
            events.push({
              at,
              actor: 'system',
              kind: 'month-closed',
              details: { year: row.year, month: row.month },
            });
          if (actual === null) return { ...row, status: 'CONFIRM' as const };
          return { ...row, status: 'NONE' as const, actualRevenue: actual };
        });
        // Amounts in month order: the retention comes off the first losses.
        const amounts = payoutAmounts(rows, {
          retention: locked.data.retention ?? 0,
          applicableLimit: locked.data.applicableLimit,
        });
        rows = rows.map((row, index) => {
          const settledNow =
            actuals.has(row.payoutId) && row.status === 'NONE' && row.actualRevenue !== null;
          if (!settledNow) return row;
          const { excess, amountPayable } = amounts[index]!;
          const next = {
            ...row,
            excess,
            amountPayable,
            status: amountPayable > 0 ? ('PAYMENT-DETAILS' as const) : ('NONE' as const),
          };
          events.push({
            at,
            actor: 'system',
            kind: 'actual-revenue',
            details: {
              year: row.year,
              month: row.month,
              revenue: row.actualRevenue,
              predicted: row.predictedRevenue,
              amountPayable,
              currency: locked.data.currency,
            },
          });
          if (next.status === 'PAYMENT-DETAILS') due.push(next);
          return next;
        });
        return { patch: { payouts: rows }, events, result: null };
      },
      clock.now(),
    );
    await notifier.changed(facts.item.userId);
    if (due.length > 0)
      await notifier.email(
        {
          userId: facts.item.userId,
          partnerId: facts.item.partnerId,
          claimNumber: facts.alert.claimNumber,
          businessName: facts.item.properties.name,
        },
        'payment-details',
      );
  }

  return {
    closeAlert,

    /** The payout rows of an accepted offer: one per period, its offered revenue predicted. */
    rowsFor(alert: ItemAlertRow, offer: readonly ClaimDatasetRow[]): StoredClaimPayout[] {
      const offered = new Map(offer.map((row) => [periodKey(row), row.revenue ?? null]));
      return alertPeriods(alert.alertDate.toISOString()).map((period) => ({
        payoutId: randomUUID(),
        status: 'FUTURE',
        periodStart: period.start,
        periodEnd: period.end,
        year: period.year,
        month: period.month,
        predictedRevenue: offered.get(periodKey(period)) ?? null,
        actualRevenue: null,
        profitMargin: alert.data.profitMargin,
        excess: 0,
        amountPayable: null,
        payment: null,
      }));
    },

    /** The `claims.close-months` sweep: every accepted claim with a month left to work out. */
    async closeMonths(): Promise<void> {
      for (const alertId of await repo.alertsWithOpenPayouts(SWEEP_BATCH))
        await closeAlert(alertId).catch((error: unknown) =>
          log.error({ err: error, alertId }, 'claim months not worked out'),
        );
    },

    /**
     * The customer's payment details for a month: paid through the payouts area with the row
     * as its idempotency key, so a repeat (a double click, a retry after a lost answer) pays
     * nothing more and answers the claim as it is.
     */
    async sendPayout(
      caller: Caller,
      partner: PartnerRow,
      path: { itemId: string; alertId: string; payoutId: string },
      details: ClaimPayoutPatch,
    ): Promise<ItemAlert> {
      const { alert } = await reader.owned(caller, path.alertId, path.itemId);
      const row = alert.payouts.find((p) => p.payoutId === path.payoutId);
      if (!row) throw new AppError('PAYOUT_NOT_FOUND', { message: `No payout ${path.payoutId}` });
      if (row.status === 'SENT' && row.payoutMethodId === details.payoutMethodId)
        return reader.alert(caller, alert.id);
      if (row.status !== 'PAYMENT-DETAILS' || !row.amountPayable)
        throw wrongStep('This month has nothing to pay yet, or was paid');
      const payment = await deps.payments.send(partner, {
        userId: caller.userId,
        idempotencyKey: `${PAYMENT_KEY_PREFIX}${row.payoutId}`,
        payoutMethodId: details.payoutMethodId,
        amount: row.amountPayable,
        // The item's payout currency, which the partner's payout service pays in.
        currency: alert.data.currency as PayoutCurrency,
        reason: details.description ?? `${alert.claimNumber} ${periodKey(row)}`,
      });
      await repo.changeAlert(
        alert.id,
        (locked) => {
          const current = locked.payouts.find((p) => p.payoutId === row.payoutId);
          if (!current || current.status !== 'PAYMENT-DETAILS') return { result: null };
          return {
            patch: {
              payouts: locked.payouts.map((p) =>
                p.payoutId === row.payoutId
                  ? {
                      ...p,
                      status: 'SENT' as const,
                      payment: { paymentId: payment.paymentId, status: payment.status },
                      contactNumber: details.contactNumber,
                      emailAddress: details.emailAddress,
                      payoutMethodId: details.payoutMethodId,
                    }
                  : p,
              ),
            },
            events: [
              {
                at: clock.now(),
                ...actorOf(caller),
                kind: 'payout-details-sent',
                details: {
                  year: row.year,
                  month: row.month,
                  amount: row.amountPayable,
                  currency: locked.data.currency,
                },
              },
            ],
            result: null,
          };
        },
        clock.now(),
      );
      await notifier.changed(caller.userId);
      return reader.alert(caller, alert.id);
    },

    /** The payouts area moved a payment: a claim's row follows it to paid or failed. */
    async paymentChanged(payment: PaymentRow): Promise<void> {
      if (!payment.idempotencyKey.startsWith(PAYMENT_KEY_PREFIX)) return;
      const alertId = await repo.alertOfPayment(payment.id);
      if (!alertId) return;
      const changed = await repo.changeAlert(
        alertId,
        (locked) => {
          const row = locked.payouts.find((p) => p.payment?.paymentId === payment.id);
          if (!row?.payment || row.payment.status === payment.status) return { result: false };
          const final = payment.status === 'settled' || payment.status === 'failed';
          return {
            patch: {
              payouts: locked.payouts.map((p) =>
                p === row
                  ? { ...p, payment: { paymentId: payment.id, status: payment.status } }
                  : p,
              ),
            },
            events: final
              ? [
                  {
                    at: clock.now(),
                    actor: 'system',
                    kind: payment.status === 'settled' ? 'payout-paid' : 'payout-failed',
                    details: {
                      year: row.year,
                      month: row.month,
                      amount: payment.amount,
                      currency: payment.currency,
                    },
                  },
                ]
              : [],
            result: payment.status === 'settled',
          };
        },
        clock.now(),
      );
      if (!changed) return;
      await notifier.changed(payment.userId);
      if (changed.result) {
        const facts = await repo.alertFacts(alertId);
        if (facts)
          await notifier.email(
            {
              userId: facts.item.userId,
              partnerId: facts.item.partnerId,
              claimNumber: facts.alert.claimNumber,
              businessName: facts.item.properties.name,
            },
            'paid',
          );
      }
    },
  };
}
export type ClaimPayouts = ReturnType<typeof claimPayouts>;
