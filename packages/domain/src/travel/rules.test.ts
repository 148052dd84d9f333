import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGUAGES } from '../constants.ts';
import { readTexts } from '../i18n/catalogue.ts';
import { minutesBetweenLocal } from '../rules/local-time.ts';
import {
  canAddFlight,
  checkEmbarkDate,
  checkEmbarkDateTime,
  departureTiming,
  earliestLocalNow,
  checkDelayedDeparture,
  earliestDelayedDeparture,
  flightBadge,
  isDelay,
  mayAddPassengers,
  passengerCountProblem,
  travelValidationKeys,
  tripFlightsProblem,
} from './rules.ts';

describe('when cover may start (spec 2 §5, §8)', () => {
  const now = new Date('2026-01-15T12:00:00Z');

  it('calls a date over everywhere past, and today anywhere on Earth a date to check further', () => {
    // At 12:00 UTC it is 00:00 on the 15th at UTC−12: the 14th is over everywhere.
    expect(earliestLocalNow(now)).toBe('2026-01-15T00:00');
    expect(checkEmbarkDate('2026-01-14', now)).toEqual({ key: 'validation.disabled_past' });
    expect(checkEmbarkDate('2026-01-15', now)).toBeNull();
    expect(checkEmbarkDate('2026-02-01', now)).toBeNull();
    expect(checkEmbarkDate('', now)).toEqual({ key: 'validation.required' });
    expect(checkEmbarkDate('2026-02-30', now)).toEqual({ key: 'validation.invalid_date' });
    expect(checkEmbarkDateTime('2026-01-14T23:59', now)).toEqual({
      key: 'validation.disabled_past',
    });
    expect(checkEmbarkDateTime('2026-01-15T10:00', now)).toBeNull();
  });

  it('tells a departure that has left from one too soon, too far or fine', () => {
    const at = (iso: string) => departureTiming(new Date(iso), now);
    expect(at('2026-01-15T11:59:00Z')).toBe('past');
    expect(at('2026-01-15T12:00:00Z')).toBe('past');
    expect(at('2026-01-15T13:59:00Z')).toBe('too_soon');
    expect(at('2026-01-15T14:00:00Z')).toBeNull();
    expect(at('2026-12-11T12:00:00Z')).toBeNull();
    expect(at('2026-12-12T12:01:00Z')).toBe('too_far');
  });
});

describe('a delayed departure the customer reports (spec 2 §5 "Notify disruption")', () => {
  const flight = { embarkDate: '2026-02-01', embarkTime: '23:59' };

  it('starts a minute after the scheduled departure, across midnight too', () => {
    expect(earliestDelayedDeparture(flight)).toBe('2026-02-02T00:00');
  });

  it('needs a time the customer chose, a real one, after the scheduled departure', () => {
    expect(checkDelayedDeparture('', flight)).toEqual({ key: 'validation.required' });
    expect(checkDelayedDeparture(undefined, flight)).toEqual({ key: 'validation.required' });
    expect(checkDelayedDeparture('2026-02-30 10:00', flight)).toEqual({
      key: 'validation.invalid_date',
    });
    expect(checkDelayedDeparture('2026-02-01 23:59', flight)).toMatchObject({
      key: 'validation.disabled_before',
    });
    expect(checkDelayedDeparture('2026-02-02 00:00', flight)).toBeNull();
    expect(checkDelayedDeparture('2026-02-02T03:15', flight)).toBeNull();
  });
  it('takes the same earliest time with or without the origin’s zone, across clock changes', () => {
    // The form knows no zones and the API does: they must accept the same times.
    for (const embarkDate of ['2026-03-08', '2026-11-01']) {
      const wall = { embarkDate, embarkTime: '01:59' };
      const toronto = { ...wall, timeZone: 'America/Toronto' };
      expect(earliestDelayedDeparture(toronto)).toBe(`${embarkDate}T02:00`);
      expect(earliestDelayedDeparture(toronto)).toBe(earliestDelayedDeparture(wall));
      // Clocks going back: 01:30 comes round again, but is no delay of a 01:59 departure.
      expect(checkDelayedDeparture(`${embarkDate} 01:30`, toronto)).toMatchObject({
        key: 'validation.disabled_before',
      });
      expect(checkDelayedDeparture(`${embarkDate} 03:00`, toronto)).toBeNull();
    }
  });
});

describe('trip type item counts (spec 2 §5, §9)', () => {
  it('wants exactly 1 flight for single, 2 for return, 2 to 4 for multi', () => {
    expect(tripFlightsProblem('single', 1)).toBeNull();
    expect(tripFlightsProblem('single', 0)).toBe('validation.single_trip_flights');
    expect(tripFlightsProblem('single', 2)).toBe('validation.single_trip_flights');
    expect(tripFlightsProblem('return', 1)).toBe('validation.return_trip_flights');
    expect(tripFlightsProblem('return', 2)).toBeNull();
    expect(tripFlightsProblem('return', 3)).toBe('validation.return_trip_flights');
    expect(tripFlightsProblem('multi', 1)).toBe('validation.multi_trip_flights');
    expect(tripFlightsProblem('multi', 4)).toBeNull();
    expect(tripFlightsProblem('multi', 5)).toBe('validation.multi_trip_flights');
  });

  it('shows Add flight while single has 0, return fewer than 2, multi fewer than 4 (§4.1)', () => {
    expect([canAddFlight('single', 0), canAddFlight('single', 1)]).toEqual([true, false]);
    expect([canAddFlight('return', 1), canAddFlight('return', 2)]).toEqual([true, false]);
    expect([canAddFlight('multi', 3), canAddFlight('multi', 4)]).toEqual([true, false]);
  });
});

describe('passenger counts (spec 2 §5 "Passengers")', () => {
  it('wants at least one, with the message of the form', () => {
    expect(
      passengerCountProblem({ selected: 0, employee: false, limit: 4, form: 'blink' }),
    ).toEqual({
      key: 'validation.one_passenger',
    });
    expect(passengerCountProblem({ selected: 0, employee: true, limit: 4, form: 'edit' })).toEqual({
      key: 'validation.one_passenger',
    });
  });

  it('holds a non-employee to the limit, naming it; an employee and no limit pass', () => {
    expect(
      passengerCountProblem({ selected: 3, employee: false, limit: 2, form: 'blink' }),
    ).toEqual({
      key: 'validation.max_flight_passengers',
      values: { total: 2 },
    });
    expect(passengerCountProblem({ selected: 3, employee: false, limit: 2, form: 'edit' })).toEqual(
      {
        key: 'validation.max_passengers',
        values: { max: 2 },
      },
    );
    expect(
      passengerCountProblem({ selected: 2, employee: false, limit: 2, form: 'edit' }),
    ).toBeNull();
    expect(
      passengerCountProblem({ selected: 3, employee: true, limit: 2, form: 'edit' }),
    ).toBeNull();
    expect(
      passengerCountProblem({ selected: 9, employee: false, limit: 0, form: 'edit' }),
    ).toBeNull();
    expect(
      passengerCountProblem({ selected: 9, employee: false, limit: null, form: 'blink' }),
    ).toBeNull();
  });
});

describe('the flight badge (spec 2 §2.3)', () => {
  const flight = {
    flightId: 'f1',
    embarkDate: '2026-02-01',
    embarkTime: '08:05',
    cancelled: 0 as 0 | 1,
    departed: 0 as 0 | 1,
  };
  const delay = (delayDate: string) => ({ flightId: 'f1', alertType: 'DELAY', delayDate });

  it('is Scheduled without alerts, and ignores other flights’ alerts', () => {
    expect(flightBadge(flight, [])).toBe('scheduled');
    expect(flightBadge(flight, [{ ...delay('2026-02-01 10:00'), flightId: 'f2' }])).toBe(
      'scheduled',
    );
  });

  it('is Delayed when the latest alert has a delay date', () => {
    expect(flightBadge(flight, [delay('2026-02-01 10:00')])).toBe('delayed');
  });

  it('is Departed and Delayed only when departed more than 1 minute late', () => {
    const departed = { ...flight, departed: 1 as const };
    expect(flightBadge(departed, [delay('2026-02-01 08:07')])).toBe('departed_delayed');
    expect(flightBadge(departed, [delay('2026-02-01 08:06')])).toBe('departed');
    expect(flightBadge(departed, [])).toBe('departed');
  });

  it('is Cancelled when cancelled with an alert, and across midnight compares by date', () => {
    const cancelled = { ...flight, cancelled: 1 as const };
    expect(
      flightBadge(cancelled, [{ flightId: 'f1', alertType: 'CANCELLATION', delayDate: null }]),
    ).toBe('cancelled');
    expect(flightBadge(cancelled, [])).toBe('scheduled');
    expect(minutesBetweenLocal('2026-02-01 23:30', '2026-02-02 00:15')).toBe(45);
  });

  it('counts a delay from more than one minute', () => {
    expect([isDelay(0), isDelay(1), isDelay(2)]).toEqual([false, false, true]);
  });
});

describe('who may add passengers (spec 2 §6)', () => {
  const rule = { roles: ['USER' as const], employeesOnly: true };
  it('wants one of the roles and, when set, the employee flag', () => {
    expect(mayAddPassengers(rule, { roles: ['USER'], employee: true })).toBe(true);
    expect(mayAddPassengers(rule, { roles: ['USER'], employee: false })).toBe(false);
    expect(mayAddPassengers(rule, { roles: ['AGENT'], employee: true })).toBe(false);
    expect(
      mayAddPassengers(
        { roles: ['USER', 'AGENT'], employeesOnly: false },
        { roles: ['AGENT'], employee: false },
      ),
    ).toBe(true);
  });
});

describe('travel messages', () => {
  it('have a text each in every language, with the placeholders the rules fill', () => {
    for (const language of TRANSLATION_LANGUAGES) {
      const texts = readTexts(language) as Record<string, unknown>;
      const textOf = (key: string) =>
        key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
      for (const key of travelValidationKeys)
        expect(typeof textOf(key), `${language} ${key}`).toBe('string');
      expect(textOf('validation.max_flight_passengers')).toContain('{{total}}');
    }
  });
});
