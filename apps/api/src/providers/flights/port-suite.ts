import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airportByIata } from '@tern/domain/reference/airports';
import type { FlightsPort } from './port.ts';

/**
 * What every flight data adapter must do, the simulator and a real flight-status API's
 * alike: run it with `flightsPortSuite('aerodatabox', async () => ({ port, close, flown }))`,
 * where `flown` are flight numbers and dates the adapter's data holds (recorded answers for
 * a real API) and `unflown` one it does not.
 */
export function flightsPortSuite(
  name: string,
  open: () => Promise<{
    port: FlightsPort;
    close: () => Promise<void>;
    flown: { flightNumber: string; date: string }[];
    unflown: { flightNumber: string; date: string };
  }>,
) {
  describe(`flights port: ${name}`, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    it('schedules a flight on its date: known airports, local times that match the instants, in order', async () => {
      for (const { flightNumber, date } of subject.flown) {
        const flights = await subject.port.schedules(flightNumber, date);
        expect(flights.length, `${flightNumber} ${date}`).toBeGreaterThan(0);
        for (const flight of flights) {
          expect(flight.flightNumber).toBe(flightNumber);
          expect(flight.legs[0]!.departure.local.slice(0, 10)).toBe(date);
          let previousArrival = 0;
          for (const leg of flight.legs) {
            const from = airportByIata.get(leg.origin);
            const to = airportByIata.get(leg.destination);
            expect(from && to, `${leg.origin} → ${leg.destination}`).toBeTruthy();
            const departure = DateTime.fromISO(leg.departure.utc);
            const arrival = DateTime.fromISO(leg.arrival.utc);
            expect(departure.setZone(from!.timeZone).toFormat("yyyy-MM-dd'T'HH:mm")).toBe(
              leg.departure.local,
            );
            expect(arrival.setZone(to!.timeZone).toFormat("yyyy-MM-dd'T'HH:mm")).toBe(
              leg.arrival.local,
            );
            expect(arrival > departure).toBe(true);
            expect(departure.toMillis()).toBeGreaterThanOrEqual(previousArrival);
            previousArrival = arrival.toMillis();
            expect(leg.totalPassengers).toBeGreaterThan(0);
          }
        }
      }
    });

    it('answers no flight for a number that does not fly that day', async () => {
      const { flightNumber, date } = subject.unflown;
      expect(await subject.port.schedules(flightNumber, date)).toEqual([]);
    });

    it('says where a scheduled flight is, and nothing of one that does not leave then', async () => {
      const { flightNumber, date } = subject.flown[0]!;
      const [flight] = await subject.port.schedules(flightNumber, date);
      const status = await subject.port.status(flightNumber, flight!.legs[0]!.departure.utc);
      expect(status).not.toBeNull();
      expect(['scheduled', 'departed', 'arrived', 'cancelled', 'diverted']).toContain(
        status!.state,
      );
      expect(status!.delayMinutes).toBeGreaterThanOrEqual(0);
      const never = DateTime.fromISO(flight!.legs[0]!.departure.utc).plus({ minutes: 1 });
      expect(await subject.port.status(flightNumber, never.toISO()!)).toBeNull();
    });
  });
}
