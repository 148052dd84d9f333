import { describe, expect, it } from 'vitest';
import { partnerConfigSchema, type PartnerConfigOverrides } from '../partners/index.ts';
import { bagCashPlan, openedBagStages, planOptions } from '../resolutions/index.ts';
import { CONTENT_FIGURES, fillFigures, figuresFor, unknownPlaceholders } from './figures.ts';

const travel: PartnerConfigOverrides = {
  resolutions: {
    policyCap: 100_000,
    offers: [
      { type: 'LOUNGE', on: 'DELAY', minDelayMinutes: 60 },
      {
        type: 'CASH',
        on: 'DELAY',
        minDelayMinutes: 60,
        cashPerPassenger: 2_500,
        dependency: 'LOUNGE',
      },
      { type: 'HOTEL', on: 'DELAY', minDelayMinutes: 360 },
      {
        type: 'CASH|POINTS',
        on: 'DELAY',
        minDelayMinutes: 180,
        cashPerPassenger: 15_000,
        pointsPerPassenger: 15_000,
      },
      { type: 'POINTS', on: 'CANCELLATION', pointsPerPassenger: 20_000 },
    ],
  },
};
const config = (overrides: PartnerConfigOverrides) => partnerConfigSchema.parse(overrides);
/** Intl separates with no-break spaces: written here as plain ones. */
const plain = (figures: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(figures).map(([name, text]) => [name, text?.replace(/[\u00a0\u202f]/g, ' ')]),
  );

describe('the figures help content states', () => {
  it('come from the partner’s offers, each from the offer it names', () => {
    const en = figuresFor(config(travel), 'en');
    expect(en).toMatchObject({
      loungeFrom: '1 hour',
      loungeCash: 'CA$25',
      cashFrom: '3 hours',
      delayCash: 'CA$150',
      delayPoints: '15,000',
      hotelFrom: '6 hours',
      cancellationPoints: '20,000',
      policyCap: 'CA$1,000',
      delayedAfter: '1 minute',
      buyBefore: '2 hours',
    });
    // A cancellation that pays points only states no cash.
    expect(en.cancellationCash).toBeUndefined();
    // A partner without parametric terms states none of them.
    expect(en.retention).toBeUndefined();
  });

  it('are the thresholds and amounts at which the engine makes each option', () => {
    const c = config(travel);
    const of = (name: keyof typeof CONTENT_FIGURES) => CONTENT_FIGURES[name].of(c)!;
    const delayed = (minutes: number) =>
      planOptions(c.resolutions, { alertType: 'DELAY', delayMinutes: minutes }, 2);
    const types = (minutes: number) => delayed(minutes).map((p) => p.type);
    expect(types(of('loungeFrom') - 1)).toEqual([]);
    expect(types(of('loungeFrom'))).toEqual(['LOUNGE', 'CASH']);
    expect(delayed(of('loungeFrom'))[1]).toMatchObject({ amount: 2 * of('loungeCash') });
    expect(types(of('cashFrom') - 1)).not.toContain('CASH|POINTS');
    expect(delayed(of('cashFrom')).find((p) => p.type === 'CASH|POINTS')).toMatchObject({
      amount: 2 * of('delayCash'),
      points: 2 * of('delayPoints'),
    });
    expect(types(of('hotelFrom') - 1)).not.toContain('HOTEL');
    expect(types(of('hotelFrom'))).toContain('HOTEL');
    const cancelled = planOptions(c.resolutions, { alertType: 'CANCELLATION', delayMinutes: 0 }, 2);
    expect(cancelled).toEqual([expect.objectContaining({ points: 2 * of('cancellationPoints') })]);
  });

  it('state a lost bag’s first cash, when it opens and the cap per bag, as the engine pays them', () => {
    const c = config({
      resolutions: {
        luggage: {
          stages: [
            { afterHours: 12, amount: 5_000 },
            { afterHours: 24, amount: 5_000 },
          ],
          capPerBag: 8_000,
        },
      },
    });
    expect(figuresFor(c, 'en')).toMatchObject({
      bagCashFrom: '12 hours',
      bagCashFirst: 'CA$50',
      bagCashCap: 'CA$80',
      montrealLimit: '1,519',
    });
    const of = (name: keyof typeof CONTENT_FIGURES) => CONTENT_FIGURES[name].of(c)!;
    const reportedAt = new Date('2026-01-15T12:00:00Z');
    const opened = (minutes: number) =>
      openedBagStages(
        bagCashPlan(c.resolutions.luggage),
        { reportedAt, deliveredAt: null },
        new Date(reportedAt.getTime() + minutes * 60_000),
      );
    expect(opened(of('bagCashFrom') - 1)).toEqual([]);
    expect(opened(of('bagCashFrom'))).toEqual([
      expect.objectContaining({ amount: of('bagCashFirst') }),
    ]);
    expect(opened(100 * 60).reduce((sum, stage) => sum + stage.amount, 0)).toBe(of('bagCashCap'));
    // A partner that pays nothing for lost bags states none of it.
    const none = figuresFor(config({}), 'en');
    expect([none.bagCashFrom, none.bagCashFirst, none.bagCashCap]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('are written in the reader’s language and the partner’s currency', () => {
    const gbp = config({
      ...travel,
      payouts: { country: { iso: 'GB', currency: 'GBP' } },
      claimTerms: {
        retention: 50_000,
        applicableLimit: 2_500_000,
        powerCutMinutes: 90,
        roadClosureMinutes: 72 * 60,
      },
    });
    expect(plain(figuresFor(gbp, 'de'))).toMatchObject({
      retention: '500 £',
      applicableLimit: '25.000 £',
      powerCutFrom: '1 Stunde, 30 Minuten',
      roadClosureFrom: '3 Tage',
      disputeFileSize: '25 MB',
    });
    expect(plain(figuresFor(gbp, 'fr')).applicableLimit).toBe('25 000 £GB');
    expect(figuresFor(gbp, 'zh')).toMatchObject({ loungeFrom: '1小时', cashFrom: '3小时' });
    expect(figuresFor(gbp, 'tr').delayPoints).toBe('15.000');
    expect(figuresFor(config({ resolutions: { policyCap: 12_345 } }), 'en').policyCap).toBe(
      'CA$123.45',
    );
  });

  it('follow Mexican formats in Spanish text, English ones in English text answered instead', () => {
    const c = config(travel);
    expect(plain(figuresFor(c, 'mx', 'es')).delayCash).toBe('CAD 150');
    expect(plain(figuresFor(c, 'es', 'es')).delayCash).toBe('150 CAD');
    expect(figuresFor(c, 'de', 'en').cashFrom).toBe('3 hours');
  });

  it('fill the placeholders they give and leave the others as written', () => {
    const figures = figuresFor(config(travel), 'en');
    expect(fillFigures('From {{cashFrom}}: {{delayCash}} or {{retention}}.', figures)).toBe(
      'From 3 hours: CA$150 or {{retention}}.',
    );
  });

  it('name every placeholder they do not know, and a stray brace pair', () => {
    expect(unknownPlaceholders('{{delayCash}} {{cashPerPassenger}} {{ cap }} {{cap')).toEqual([
      '{{cashPerPassenger}}',
      '{{ cap }}',
      '{{',
    ]);
    expect(unknownPlaceholders('Paid {{delayCash}} after {{cashFrom}}.')).toEqual([]);
  });
});
