import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { airlineByIata, airportByIata } from '@tern/domain/reference/airports';
import { NOT_FLOWN_ONE_IN, scheduleOf } from './schedule.ts';

const numbers = (airline: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${airline}${100 + i}`);

describe("the simulator's timetable", () => {
  it('answers the same for the same number and date, every time', () => {
    for (const number of numbers('AC', 30))
      expect(scheduleOf(number, '2026-12-01')).toEqual(scheduleOf(number, '2026-12-01'));
  });

  it("flies a number between real airports, the first in the airline's country", () => {
    const flown = numbers('AC', 40).flatMap((n) => scheduleOf(n, '2026-12-01'));
    expect(flown.length).toBeGreaterThan(20);
    for (const flight of flown) {
      expect(flight.airline).toBe('AC');
      const first = airportByIata.get(flight.legs[0]!.origin);
      expect(first?.country).toBe(airlineByIata.get('AC')!.country);
      for (const leg of flight.legs) {
        expect(airportByIata.has(leg.origin) && airportByIata.has(leg.destination)).toBe(true);
        expect(leg.origin).not.toBe(leg.destination);
        expect(leg.totalPassengers).toBeGreaterThanOrEqual(90);
      }
    }
  });

  it("keeps a number's route from day to day", () => {
    const route = (date: string) =>
      scheduleOf('BA117', date).map((f) => f.legs.map((l) => `${l.origin}-${l.destination}`));
    expect(route('2026-12-01')).toEqual(route('2027-03-15'));
  });

  it("gives times in each airport's own zone, the arrival after the departure by the distance", () => {
    for (const flight of numbers('LH', 30).flatMap((n) => scheduleOf(n, '2026-07-01'))) {
      expect(flight.legs[0]!.departure.local.slice(0, 10)).toBe('2026-07-01');
      for (const leg of flight.legs) {
        const from = airportByIata.get(leg.origin)!;
        const to = airportByIata.get(leg.destination)!;
        const departure = DateTime.fromISO(leg.departure.utc);
        const arrival = DateTime.fromISO(leg.arrival.utc);
        expect(departure.setZone(from.timeZone).toFormat("yyyy-MM-dd'T'HH:mm")).toBe(
          leg.departure.local,
        );
        expect(arrival.setZone(to.timeZone).toFormat("yyyy-MM-dd'T'HH:mm")).toBe(leg.arrival.local);
        const minutes = arrival.diff(departure, 'minutes').minutes;
        expect(minutes).toBeGreaterThanOrEqual(40);
        expect(minutes).toBeLessThan(20 * 60);
      }
    }
  });

  it('leaves some numbers unflown, and has some that stop on the way or fly twice a day', () => {
    const answers = numbers('AC', 400).map((n) => scheduleOf(n, '2026-12-01'));
    const none = answers.filter((a) => a.length === 0).length;
    expect(none).toBeGreaterThan(400 / NOT_FLOWN_ONE_IN / 2);
    expect(none).toBeLessThan((400 / NOT_FLOWN_ONE_IN) * 2);
    expect(answers.some((a) => a.length === 2)).toBe(true);
    expect(answers.some((a) => a[0]?.legs.length === 2)).toBe(true);
    // Two rotations of one number: the second later the same day.
    const twice = answers.find((a) => a.length === 2)!;
    expect(twice[1]!.legs[0]!.departure.utc > twice[0]!.legs[0]!.departure.utc).toBe(true);
  });

  it('answers nothing for an airline that does not exist, a malformed number or date', () => {
    // BO is no airline's code in the data set.
    expect(scheduleOf('BO123', '2026-12-01')).toEqual([]);
    expect(scheduleOf('AC', '2026-12-01')).toEqual([]);
    expect(scheduleOf('AC123', '2026-13-45')).toEqual([]);
  });
});
