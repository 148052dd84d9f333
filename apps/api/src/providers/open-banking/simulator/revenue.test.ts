import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@tern/domain';
import { parseDay, takings, type RevenueDisruption } from './revenue.ts';

const day = (iso: string) => parseDay(iso);
const month = (business: string, year: number, m: number, events: RevenueDisruption[] = []) =>
  takings(business, Date.UTC(year, m - 1, 1) / DAY_MS, Date.UTC(year, m, 1) / DAY_MS - 1, events);
const businesses = Array.from({ length: 20 }, (_, i) => `business-${i}`);

describe('the simulated takings', () => {
  it('are the same for the same business and day, and differ between businesses', () => {
    expect(month('a', 2025, 5)).toBe(month('a', 2025, 5));
    expect(new Set(businesses.map((b) => month(b, 2025, 5))).size).toBe(businesses.length);
  });

  it('average £900 to £2,400 a day over a year, in whole pence', () => {
    for (const business of businesses) {
      const year = takings(business, day('2025-01-01'), day('2025-12-31'), []);
      expect(Number.isInteger(year)).toBe(true);
      // The weekday and season factors average about 1; growth and noise move it a little.
      expect(year / 365).toBeGreaterThan(90_000 * 0.95);
      expect(year / 365).toBeLessThan(240_000 * 1.1);
    }
  });

  it('peak in summer and December, low in January and February', () => {
    for (const business of businesses) {
      expect(month(business, 2025, 8)).toBeGreaterThan(month(business, 2025, 2) * 1.3);
      expect(month(business, 2025, 12)).toBeGreaterThan(month(business, 2025, 11));
      expect(month(business, 2025, 7)).toBeGreaterThan(month(business, 2025, 1));
    }
  });

  it('are busier on a Saturday than on a Monday', () => {
    // 2025-06-14 is a Saturday, 2025-06-16 the Monday after.
    for (const business of businesses)
      expect(takings(business, day('2025-06-14'), day('2025-06-14'), [])).toBeGreaterThan(
        takings(business, day('2025-06-16'), day('2025-06-16'), []),
      );
  });

  it('grow slowly: a year on year of 0 % to 6 %', () => {
    for (const business of businesses) {
      const ratio =
        takings(business, day('2025-01-01'), day('2025-12-31'), []) /
        takings(business, day('2024-01-02'), day('2024-12-31'), []);
      // 2024 is a leap year: the same 364 days of the week, a day shorter.
      expect(ratio).toBeGreaterThan(1);
      expect(ratio).toBeLessThan(1.07);
    }
  });

  it('fall by 70 % for 14 days after an event, recover over 10 weeks, and leave the days before alone', () => {
    const event: RevenueDisruption = {
      at: '2025-06-10T15:00:00Z',
      type: 'outage',
      measuredValue: 240,
    };
    const sum = (first: string, days: number, events: RevenueDisruption[]) =>
      takings('pub', day(first), day(first) + days - 1, events);
    expect(sum('2025-05-01', 40, [event])).toBe(sum('2025-05-01', 40, []));
    expect(sum('2025-06-10', 14, [event]) / sum('2025-06-10', 14, [])).toBeCloseTo(0.3, 2);
    // Half-way through the recovery (the 35th day of 70), half the loss is left.
    const midway = day('2025-06-10') + 14 + 35;
    const ratio = takings('pub', midway, midway, [event]) / takings('pub', midway, midway, []);
    expect(ratio).toBeCloseTo(0.65, 2);
    expect(sum('2025-09-02', 30, [event])).toBe(sum('2025-09-02', 30, []));
  });

  it('fall deeper after a flood above 30 cm, and further still after two events', () => {
    const flood = (cm: number): RevenueDisruption => ({
      at: '2025-06-10T08:00:00Z',
      type: 'flood',
      measuredValue: cm,
    });
    const june = (events: RevenueDisruption[]) => month('cafe', 2025, 6, events);
    expect(june([flood(31)])).toBeLessThan(june([flood(30)]));
    expect(june([flood(30)])).toBe(
      june([{ at: '2025-06-10T23:59:00Z', type: 'closure', measuredValue: 600 }]),
    );
    expect(june([flood(20), { ...flood(20), at: '2025-06-20T08:00:00Z' }])).toBeLessThan(
      june([flood(20)]),
    );
    expect(() => june([{ ...flood(20), at: 'yesterday' }])).toThrow(RangeError);
  });

  it('know a day only as YYYY-MM-DD that exists', () => {
    expect(parseDay('1970-01-02')).toBe(1);
    for (const wrong of ['2026-02-30', '2026-2-3', '2026-02-03T00:00:00Z', ''])
      expect(() => parseDay(wrong)).toThrow(RangeError);
  });
});
