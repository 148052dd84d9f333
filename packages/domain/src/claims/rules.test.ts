import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alertPeriods,
  claimAction,
  claimProgress,
  displayedStatus,
  expectedRevenue,
  payableTotal,
  payoutAmounts,
  periodClosesAt,
  profitLoss,
  type ClaimState,
  type MonthRevenue,
} from './rules.ts';

const claim = (
  over: Partial<ClaimState> & { prediction?: boolean; offer?: boolean; dispute?: boolean },
): ClaimState => ({
  status: over.status ?? 'prediction',
  completed: over.completed ?? false,
  confirmed: over.confirmed ?? false,
  datasets: [
    ...(over.prediction === undefined
      ? []
      : [{ name: 'USER-REVENUE-PREDICTION', completed: over.prediction }]),
    ...(over.offer === undefined ? [] : [{ name: 'CUSTOMER-OFFER', completed: over.offer }]),
    ...(over.dispute ? [{ name: 'USER-DISPUTE', completed: true }] : []),
  ],
});

describe('the alert month split', () => {
  it('starts on the alert day, runs whole months and ends on the day before, six months on', () => {
    const periods = alertPeriods('2026-10-06T07:00:00Z');
    expect(periods.map((p) => [p.start, p.end])).toEqual([
      ['2026-10-06', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
      ['2026-12-01', '2026-12-31'],
      ['2027-01-01', '2027-01-31'],
      ['2027-02-01', '2027-02-28'],
      ['2027-03-01', '2027-03-31'],
      ['2027-04-01', '2027-04-05'],
    ]);
    expect(periods[0]!.share).toBeCloseTo(26 / 31);
    expect(periods.at(-1)!.days).toBe(5);
  });

  it('has no partial last period when the alert is on the 1st', () => {
    const periods = alertPeriods('2026-03-01T00:30:00Z');
    expect(periods).toHaveLength(6);
    expect(periods[0]).toMatchObject({ start: '2026-03-01', end: '2026-03-31', share: 1 });
    expect(periods.at(-1)!.end).toBe('2026-08-31');
  });

  it('reads the alert date in UTC, whatever the day is elsewhere', () => {
    expect(alertPeriods('2026-05-31T23:30:00Z')[0]!.start).toBe('2026-05-31');
  });

  it('closes a period at the start of the next day', () => {
    expect(periodClosesAt({ end: '2026-10-31' }).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('the displayed status', () => {
  it('says rejected for a completed dispute or rejection, completed otherwise', () => {
    expect(displayedStatus(claim({ status: 'OFFER-REJECTED', completed: true }))).toBe('rejected');
    expect(displayedStatus(claim({ status: 'USER-CONFIRM-DISPUTE', completed: true }))).toBe(
      'rejected',
    );
    expect(displayedStatus(claim({ status: 'OFFER-ACCEPTED', completed: true }))).toBe('completed');
  });

  it('says a dispute is under way, then what is missing, then the status itself', () => {
    expect(
      displayedStatus(claim({ status: 'USER-CONFIRM-DISPUTE', prediction: true, offer: false })),
    ).toBe('dispute');
    expect(displayedStatus(claim({ prediction: false }))).toBe('prediction_missing');
    expect(displayedStatus(claim({}))).toBe('prediction_missing');
    expect(displayedStatus(claim({ prediction: true, offer: false }))).toBe('waiting_for_info');
    expect(
      displayedStatus(claim({ status: 'USER-CONFIRM-OFFER', prediction: true, offer: true })),
    ).toBe('USER-CONFIRM-OFFER');
  });
});

describe('the claim action', () => {
  it('asks for the prediction only while it is missing', () => {
    expect(claimAction(claim({ prediction: false }))).toBe('prediction');
    expect(claimAction(claim({ prediction: true, offer: false }))).toBeNull();
  });

  it('offers the review once the offer is made, the adjusted offer once it is answered', () => {
    expect(
      claimAction(claim({ status: 'USER-CONFIRM-OFFER', prediction: true, offer: true })),
    ).toBe('review-offer');
    expect(
      claimAction(claim({ status: 'USER-CONFIRM-DISPUTE', prediction: true, offer: false })),
    ).toBeNull();
    expect(
      claimAction(claim({ status: 'USER-CONFIRM-DISPUTE', prediction: true, offer: true })),
    ).toBe('adjusted-offer');
    expect(
      claimAction(claim({ status: 'USER-CONFIRM-DISPUTE', completed: true, offer: true })),
    ).toBeNull();
  });

  it('shows the accepted view for an accepted or confirmed claim', () => {
    expect(claimAction(claim({ status: 'OFFER-ACCEPTED' }))).toBe('accepted');
    expect(claimAction(claim({ status: 'USER-CONFIRM-OFFER', confirmed: true }))).toBe('accepted');
  });
});

describe('the progress', () => {
  it('counts the prediction, the offer or dispute sent, and the answer', () => {
    expect(claimProgress(claim({ prediction: false }))).toEqual({ done: 0, remaining: 3 });
    expect(claimProgress(claim({ prediction: true, offer: false }))).toEqual({
      done: 1,
      remaining: 2,
    });
    expect(claimProgress(claim({ prediction: true, offer: true }))).toEqual({
      done: 2,
      remaining: 1,
    });
    expect(claimProgress(claim({ prediction: true, offer: false, dispute: true }))).toEqual({
      done: 2,
      remaining: 1,
    });
    expect(claimProgress(claim({ prediction: true, offer: true, confirmed: true }))).toEqual({
      done: 3,
      remaining: 0,
    });
  });
});

describe('the payout arithmetic', () => {
  it('is a loss only when actual revenue fell short, and none when it is negative', () => {
    expect(profitLoss(100_000, 40_000, 35)).toBe(-21_000);
    expect(profitLoss(100_000, 120_000, 35)).toBe(0);
    expect(profitLoss(100_000, -5_000, 35)).toBe(0);
  });

  const status = fc.constantFrom('NONE', 'FUTURE', 'CONFIRM', 'PAYMENT-DETAILS', 'SENT');
  const row = fc.record({
    status,
    predictedRevenue: fc.integer({ min: 0, max: 10_000_000 }),
    actualRevenue: fc.integer({ min: -1_000_000, max: 10_000_000 }),
    profitMargin: fc.integer({ min: 0, max: 100 }),
  });
  const terms = fc.record({
    retention: fc.integer({ min: 0, max: 1_000_000 }),
    applicableLimit: fc.integer({ min: 0, max: 50_000_000 }),
  });

  it('never pays a negative amount, nor more than the loss or the limit', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), terms, (rows, t) => {
        const amounts = payoutAmounts(rows, t);
        let paid = 0;
        amounts.forEach((amount, index) => {
          const r = rows[index]!;
          expect(amount.amountPayable).toBeGreaterThanOrEqual(0);
          expect(amount.excess).toBeGreaterThanOrEqual(0);
          const loss = 0 - profitLoss(r.predictedRevenue, r.actualRevenue, r.profitMargin);
          const open = r.status === 'FUTURE' || r.status === 'CONFIRM';
          expect(amount.amountPayable + amount.excess).toBeLessThanOrEqual(open ? 0 : loss);
          paid += amount.amountPayable;
        });
        expect(paid).toBeLessThanOrEqual(t.applicableLimit);
        expect(amounts.reduce((s, a) => s + a.excess, 0)).toBeLessThanOrEqual(t.retention);
      }),
    );
  });

  it('pays nothing for a month whose actual revenue reached the prediction', () => {
    fc.assert(
      fc.property(row, terms, (r, t) => {
        fc.pre(r.actualRevenue >= r.predictedRevenue);
        expect(payoutAmounts([r], t)[0]).toEqual({ excess: 0, amountPayable: 0 });
      }),
    );
  });

  it('counts FUTURE and CONFIRM as zero, and the total is the sum of the other rows', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ status, amountPayable: fc.option(fc.integer({ min: 0, max: 1_000_000 })) }),
        ),
        (rows) => {
          const expected = rows
            .filter((r) => r.status !== 'FUTURE' && r.status !== 'CONFIRM')
            .reduce((sum, r) => sum + (r.amountPayable ?? 0), 0);
          expect(payableTotal(rows)).toBe(expected);
          expect(payableTotal(rows.map((r) => ({ ...r, status: 'FUTURE' })))).toBe(0);
        },
      ),
    );
  });

  it('takes the retention off the first losses and none from months not closed', () => {
    const rows = [
      { status: 'FUTURE', predictedRevenue: 100_000, actualRevenue: 0, profitMargin: 50 },
      { status: 'NONE', predictedRevenue: 100_000, actualRevenue: 60_000, profitMargin: 50 },
      { status: 'NONE', predictedRevenue: 100_000, actualRevenue: 0, profitMargin: 50 },
    ];
    expect(payoutAmounts(rows, { retention: 30_000, applicableLimit: 1_000_000 })).toEqual([
      { excess: 0, amountPayable: 0 },
      { excess: 20_000, amountPayable: 0 },
      { excess: 10_000, amountPayable: 40_000 },
    ]);
  });
});

describe('the expected revenue', () => {
  /** 24 months to September 2026: 1,000.00 a month a year ago, 1,100.00 since. */
  const history: MonthRevenue[] = Array.from({ length: 24 }, (_, index) => {
    const at = new Date(Date.UTC(2024, 9 + index, 1));
    return {
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      revenue:
        at.getUTCFullYear() === 2026 || (at.getUTCFullYear() === 2025 && at.getUTCMonth() >= 9)
          ? 110_000
          : 100_000,
    };
  });

  it('is the same month last year times the trend of the last 3 months, for the share of the month', () => {
    const periods = alertPeriods('2026-10-06T07:00:00Z');
    const rows = expectedRevenue(history, periods, '2026-10-06T07:00:00Z')!;
    expect(rows).toHaveLength(7);
    // Jul–Sep 2026 against Jul–Sep 2025: 1.1.
    expect(rows[0]!.trend).toBe(1.1);
    expect(rows[0]!.lastYear).toBe(110_000);
    expect(rows[0]!.revenue).toBe(Math.round(110_000 * 1.1 * (26 / 31)));
    expect(rows[1]!.revenue).toBe(Math.round(110_000 * 1.1));
  });

  it('is unknown without the months it needs', () => {
    expect(
      expectedRevenue(
        history.slice(12),
        alertPeriods('2026-10-06T07:00:00Z'),
        '2026-10-06T07:00:00Z',
      ),
    ).toBeNull();
  });
});
