import { describe, expect, it } from 'vitest';
import { nextThreshold, planOptions, resolutionsConfigSchema, thresholdReached } from './config.ts';
import {
  resolutionOptionsQuerySchema,
  loungeFormSchema,
  resolutionSelectionSchema,
  resolutionUpdateSchema,
} from './requests.ts';
import {
  agentMoves,
  capBalance,
  capMessages,
  cappedAmount,
  mayMove,
  nextResolution,
  visibleOptions,
  loungeChoices,
} from './rules.ts';
import { kindsOf, resolutionTypeSchema } from './schemas.ts';

const config = resolutionsConfigSchema.parse({
  policyCap: 30_000,
  offers: [
    { type: 'LOUNGE', on: 'DELAY', minDelayMinutes: 60 },
    {
      type: 'CASH',
      on: 'DELAY',
      minDelayMinutes: 60,
      cashPerPassenger: 2_500,
      dependency: 'LOUNGE',
    },
    {
      type: 'CASH|POINTS',
      on: 'DELAY',
      minDelayMinutes: 180,
      cashPerPassenger: 5_000,
      pointsPerPassenger: 5_000,
    },
    { type: 'REBOOKING', on: 'CANCELLATION' },
    { type: 'HOTEL', on: 'CANCELLATION' },
  ],
});

describe('resolution types', () => {
  it('takes single kinds and kinds joined by a bar, each once', () => {
    expect(resolutionTypeSchema.safeParse('CASH|POINTS').success).toBe(true);
    expect(kindsOf('CASH|POINTS')).toEqual(['CASH', 'POINTS']);
    for (const bad of ['CASH|CASH', 'cash', 'CASH|', 'TAXI', ''])
      expect(resolutionTypeSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('the status machine (spec 2 §4.7)', () => {
  it('lets the insured answer an option in Initial, and the system offer or book', () => {
    expect(mayMove('REBOOKING', 'Initial', 'CallMe', 'customer')).toBe(true);
    expect(mayMove('REBOOKING', 'Initial', 'Rejected', 'customer')).toBe(true);
    expect(mayMove('LOUNGE', 'Initial', 'OptionsSent', 'system')).toBe(true);
    expect(mayMove('LOUNGE', 'OptionsSent', 'Booked', 'customer')).toBe(true);
    expect(mayMove('LOUNGE', 'Booked', 'Confirmed', 'customer')).toBe(true);
    expect(mayMove('CASH', 'Failed', 'Confirmed', 'customer')).toBe(true);
  });

  it('refuses moves it does not know, and the insured making the system’s', () => {
    expect(mayMove('LOUNGE', 'Rejected', 'Booked', 'customer')).toBe(false);
    expect(mayMove('CASH', 'Confirmed', 'Confirmed', 'customer')).toBe(false);
    expect(mayMove('LOUNGE', 'Initial', 'OptionsSent', 'customer')).toBe(false);
    expect(mayMove('HOTEL', 'Requested', 'Booked', 'customer')).toBe(false);
    expect(mayMove('CASH', 'N/A', 'Confirmed', 'customer')).toBe(false);
  });

  it('gives agents reject and reset on what is not yet given, None only on lounges and hotels', () => {
    expect(agentMoves('CASH')).not.toContain('None');
    expect(agentMoves('LOUNGE')).toContain('None');
    expect(mayMove('CASH', 'Failed', 'Initial', 'agent')).toBe(true);
    expect(mayMove('LOUNGE', 'Rejected', 'Initial', 'agent')).toBe(true);
    expect(mayMove('POINTS', 'Initial', 'Rejected', 'agent')).toBe(true);
    expect(mayMove('CASH', 'N/A', 'Rejected', 'agent')).toBe(true);
    expect(mayMove('HOTEL', 'OptionsSent', 'None', 'agent')).toBe(true);
    expect(mayMove('CASH', 'Initial', 'None', 'agent')).toBe(false);
    // Agents confirm only what the customer asked for (a manual option).
    expect(mayMove('CASH', 'Requested', 'Confirmed', 'agent')).toBe(true);
    expect(mayMove('CASH', 'Initial', 'Confirmed', 'agent')).toBe(false);
  });

  it('takes back nothing given: no reject, reset or None on paid cash, a booking or a used pass', () => {
    for (const from of ['Confirmed', 'Booked', 'Redeemed'] as const)
      for (const to of ['Rejected', 'Initial', 'None'] as const) {
        expect(mayMove('CASH|POINTS', from, to, 'agent')).toBe(false);
        expect(mayMove('LOUNGE', from, to, 'agent')).toBe(false);
      }
    // A cash option waiting on its lounge opens when the lounge ends, not by a reset.
    expect(mayMove('CASH', 'N/A', 'Initial', 'agent')).toBe(false);
  });
});

describe('the policy cap (spec 2 §9)', () => {
  it('is cap minus cap used, endless without a cap', () => {
    expect(capBalance(30_000, 12_500)).toBe(17_500);
    expect(capBalance(0, 12_500)).toBe(Number.POSITIVE_INFINITY);
  });

  it('cuts an option to what is left', () => {
    expect(cappedAmount(5_000, 17_500)).toEqual({ amount: 5_000, capped: false });
    expect(cappedAmount(5_000, 3_000)).toEqual({ amount: 3_000, capped: true });
    expect(cappedAmount(5_000, -10)).toEqual({ amount: 0, capped: true });
  });

  it('says reached at 0 or less, near when an option is capped, nothing otherwise', () => {
    expect(capMessages(30_000, 30_000, true)).toEqual(['resolutions.messages.cap_reached']);
    expect(capMessages(30_000, 31_000, false)).toEqual(['resolutions.messages.cap_reached']);
    expect(capMessages(30_000, 20_000, true)).toEqual(['resolutions.messages.cap_near']);
    expect(capMessages(30_000, 20_000, false)).toEqual([]);
    expect(capMessages(0, 99_000, false)).toEqual([]);
  });
});

describe('the options an alert brings', () => {
  it('offers from the delay thresholds reached, priced for the passengers', () => {
    expect(planOptions(config, { alertType: 'DELAY', delayMinutes: 59 }, 2)).toEqual([]);
    const hour = planOptions(config, { alertType: 'DELAY', delayMinutes: 60 }, 2);
    expect(hour.map((p) => p.type)).toEqual(['LOUNGE', 'CASH']);
    expect(hour[1]).toMatchObject({ amount: 5_000, dependency: 'LOUNGE' });
    const three = planOptions(config, { alertType: 'DELAY', delayMinutes: 180 }, 2);
    expect(three.map((p) => p.type)).toEqual(['LOUNGE', 'CASH', 'CASH|POINTS']);
    expect(three[2]).toMatchObject({ amount: 10_000, points: 10_000 });
  });

  it('offers the cancellation options on a cancellation, nothing when on time', () => {
    expect(
      planOptions(config, { alertType: 'CANCELLATION', delayMinutes: 0 }, 1).map((p) => p.type),
    ).toEqual(['REBOOKING', 'HOTEL']);
    expect(planOptions(config, { alertType: 'ONTIME', delayMinutes: 0 }, 1)).toEqual([]);
  });

  it("places each option where the offer answering this disruption stands, not another's of its type", () => {
    const both = resolutionsConfigSchema.parse({
      offers: [
        { type: 'HOTEL', on: 'DELAY', minDelayMinutes: 360 },
        { type: 'REBOOKING', on: 'CANCELLATION' },
        { type: 'HOTEL', on: 'CANCELLATION' },
      ],
    });
    const cancelled = planOptions(both, { alertType: 'CANCELLATION', delayMinutes: 0 }, 1);
    expect(cancelled.map((p) => [p.type, p.position])).toEqual([
      ['REBOOKING', 1],
      ['HOTEL', 2],
    ]);
    const delayed = planOptions(both, { alertType: 'DELAY', delayMinutes: 400 }, 1);
    expect(delayed.map((p) => [p.type, p.position])).toEqual([['HOTEL', 0]]);
  });

  it('names the highest threshold a delay reached, and the next one it did not', () => {
    expect(thresholdReached(config, 200)).toBe(180);
    expect(thresholdReached(config, 90)).toBe(60);
    expect(thresholdReached(config, 30)).toBeNull();
    expect(nextThreshold(config, 30)).toBe(60);
    expect(nextThreshold(config, 90)).toBe(180);
    expect(nextThreshold(config, 180)).toBeNull();
  });

  it('refuses offers without their worth, and cash depending on an offer that is not there', () => {
    const bad = [
      { offers: [{ type: 'CASH', on: 'DELAY' }] },
      { offers: [{ type: 'POINTS', on: 'DELAY' }] },
      { offers: [{ type: 'CASH', on: 'DELAY', cashPerPassenger: 100, dependency: 'HOTEL' }] },
      { offers: [{ type: 'LOUNGE', on: 'DELAY', dependency: 'HOTEL' }] },
      { offers: [{ type: 'TAXI', on: 'DELAY' }] },
    ];
    for (const value of bad) expect(resolutionsConfigSchema.safeParse(value).success).toBe(false);
  });
});

describe('what a viewer sees (spec 2 §6)', () => {
  const options = [
    { type: 'LOUNGE', state: { status: 'Rejected' as const } },
    { type: 'CASH', state: { status: 'Initial' as const } },
    { type: 'CASH|POINTS', state: { status: 'Initial' as const } },
  ];
  it('names next the first option waiting on the insured', () => {
    expect(nextResolution(options.map((o) => ({ type: o.type, status: o.state.status })))).toBe(
      'CASH',
    );
    expect(nextResolution([{ type: 'HOTEL', status: 'Requested' }])).toBe('HOTEL');
    expect(
      nextResolution([
        { type: 'HOTEL', status: 'Booked' },
        { type: 'CASH', status: 'Rejected' },
      ]),
    ).toBeNull();
    expect(nextResolution([{ type: 'CASH', status: 'Confirmed' }])).toBeNull();
    // A booked lounge waits on its confirmation; a booked flight on nothing.
    expect(
      nextResolution([
        { type: 'LOUNGE', status: 'Booked' },
        { type: 'CASH', status: 'Initial' },
      ]),
    ).toBe('LOUNGE');
    expect(
      nextResolution([
        { type: 'REBOOKING', status: 'Booked' },
        { type: 'HOTEL', status: 'Initial' },
      ]),
    ).toBe('HOTEL');
  });

  it('asks a USER about the next type only, keeps what they have in view, staff see everything', () => {
    const booked = [
      { type: 'REBOOKING', state: { status: 'Booked' as const } },
      { type: 'HOTEL', state: { status: 'Initial' as const } },
      { type: 'CASH', state: { status: 'Initial' as const } },
    ];
    expect(visibleOptions(booked, 'HOTEL', ['USER']).map((o) => o.type)).toEqual([
      'REBOOKING',
      'HOTEL',
    ]);
    expect(visibleOptions(options, 'CASH', ['USER']).map((o) => o.type)).toEqual(['CASH']);
    expect(visibleOptions(options, null, ['USER']).map((o) => o.type)).toEqual([
      'CASH',
      'CASH|POINTS',
    ]);
    expect(visibleOptions(options, 'CASH', ['AGENT'])).toHaveLength(3);
  });
});

describe('the resolution calls’ input', () => {
  it('needs the ids of the category', () => {
    const trip = '3f8a2c1e-0000-4000-8000-000000000001';
    expect(resolutionOptionsQuerySchema.safeParse({ tripId: trip, flightId: trip }).success).toBe(
      true,
    );
    expect(resolutionOptionsQuerySchema.safeParse({ tripId: trip }).success).toBe(false);
    expect(
      resolutionOptionsQuerySchema.safeParse({ category: 'luggage', bagId: trip }).success,
    ).toBe(true);
    expect(resolutionOptionsQuerySchema.safeParse({ category: 'luggage' }).success).toBe(false);
    expect(
      resolutionOptionsQuerySchema.safeParse({ category: 'boats', tripId: trip }).success,
    ).toBe(false);
  });

  it('takes lounge names that are letters only, both of them', () => {
    const resolutionId = '3f8a2c1e-0000-4000-8000-000000000001';
    const lounge = { resolutionId, loungeId: 'L1', firstName: 'Zoë', surname: "O'Brien-Núñez" };
    expect(resolutionSelectionSchema.safeParse(lounge).success).toBe(true);
    const digits = resolutionSelectionSchema.safeParse({ ...lounge, firstName: 'R2D2' });
    expect(digits.error?.issues[0]).toMatchObject({
      path: ['firstName'],
      message: 'validation.alphabetic',
    });
    const missing = resolutionSelectionSchema.safeParse({
      resolutionId,
      loungeId: 'L1',
      firstName: 'Ann',
    });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['surname'],
      message: 'validation.required',
    });
  });

  it('takes a lounge booking for at least one guest, as the form does', () => {
    const resolutionId = '3f8a2c1e-0000-4000-8000-000000000001';
    const lounge = { resolutionId, loungeId: 'L1', firstName: 'Ann', surname: 'Lee' };
    expect(resolutionSelectionSchema.safeParse(lounge).success).toBe(true);
    expect(
      resolutionSelectionSchema.safeParse({ ...lounge, passengerIds: [resolutionId] }).success,
    ).toBe(true);
    const none = resolutionSelectionSchema.safeParse({ ...lounge, passengerIds: [] });
    expect(none.error?.issues[0]).toMatchObject({
      path: ['passengerIds'],
      message: 'validation.one_passenger',
    });
    expect(loungeFormSchema.safeParse({ ...lounge, passengerIds: [] }).success).toBe(false);
  });

  it('needs a status or rejected in an update, a reason within its limit', () => {
    expect(
      resolutionUpdateSchema.safeParse({ rejected: true, reason: 'Customer asked' }).success,
    ).toBe(true);
    expect(resolutionUpdateSchema.safeParse({ reason: 'x' }).success).toBe(false);
    expect(
      resolutionUpdateSchema.safeParse({ status: 'Initial', reason: 'x'.repeat(501) }).success,
    ).toBe(false);
    expect(resolutionUpdateSchema.safeParse({ status: 'Lost' }).success).toBe(false);
  });
});

describe('the lounges offered (VIEW_OTHER_AVAILABLE_LOUNGES)', () => {
  const lounges = [
    { name: 'A', terminal: '1' },
    { name: 'B', terminal: '3' },
    { name: 'C', terminal: null },
  ];
  const names = (list: { name: string }[]) => list.map((l) => l.name);
  it("offers the terminal's lounges, the others only when the partner allows", () => {
    expect(names(loungeChoices(lounges, '1', false).here)).toEqual(['A', 'C']);
    expect(loungeChoices(lounges, '1', false).others).toEqual([]);
    expect(names(loungeChoices(lounges, '1', true).others)).toEqual(['B']);
  });
  it("offers the airport's lounges when the terminal has none or is not known", () => {
    expect(names(loungeChoices(lounges.slice(0, 2), '2', false).here)).toEqual(['A', 'B']);
    expect(names(loungeChoices(lounges, null, false).here)).toEqual(['A', 'B', 'C']);
  });
});
