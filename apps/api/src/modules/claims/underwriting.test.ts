import { describe, expect, it } from 'vitest';
import { adjustedOffer, offerFor } from './underwriting.ts';

const expected = [
  { year: 2026, month: 10, revenue: 100_000, lastYear: 100_000, trend: 1, share: 1 },
  { year: 2026, month: 11, revenue: 100_000, lastYear: 100_000, trend: 1, share: 1 },
];

describe('the offer', () => {
  it('keeps a month within 10% of the bank-based expectation and lowers one above it', () => {
    const rows = offerFor(
      [
        { year: 2026, month: 10, revenue: 110_000 },
        { year: 2026, month: 11, revenue: 150_000 },
      ],
      expected,
    );
    expect(rows).toEqual([
      {
        year: 2026,
        month: 10,
        previous: 110_000,
        revenue: 110_000,
        reason: 'kept',
        expected: 100_000,
      },
      {
        year: 2026,
        month: 11,
        previous: 150_000,
        revenue: 110_000,
        reason: 'above_history',
        expected: 100_000,
      },
    ]);
  });

  it('takes the figures as given without a history', () => {
    expect(offerFor([{ year: 2026, month: 10, revenue: 999_999 }], null)[0]).toMatchObject({
      revenue: 999_999,
      reason: 'kept',
    });
  });
});

describe('the adjusted offer', () => {
  const offer = offerFor(
    [
      { year: 2026, month: 10, revenue: 150_000 },
      { year: 2026, month: 11, revenue: 150_000 },
    ],
    expected,
  );
  const prediction = [
    { year: 2026, month: 10, revenue: 150_000 },
    { year: 2026, month: 11, revenue: 150_000 },
  ];

  it('takes the customer’s figure on a clean file and meets notes alone halfway', () => {
    const rows = adjustedOffer(offer, prediction, [
      { year: 2026, month: 10, notes: '', cleanFiles: 1 },
      { year: 2026, month: 11, notes: 'Our summer menu launched', cleanFiles: 0 },
    ]);
    expect(rows.map((r) => [r.revenue, r.previous, r.reason])).toEqual([
      [150_000, 110_000, 'evidence_accepted'],
      [130_000, 110_000, 'notes_considered'],
    ]);
  });

  it('changes nothing for a month not disputed, or disputed with nothing to go on', () => {
    const rows = adjustedOffer(offer, prediction, [
      { year: 2026, month: 11, notes: ' ', cleanFiles: 0 },
    ]);
    expect(rows.map((r) => [r.revenue, r.reason])).toEqual([
      [110_000, 'kept'],
      [110_000, 'kept'],
    ]);
  });
});
