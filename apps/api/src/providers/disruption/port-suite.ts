import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airportByIata } from '@tern/domain/reference/airports';
import type { AlternateFlight, DisruptionPort } from './port.ts';

/**
 * What every disruption-care adapter must do, the simulator and a real provider's alike: run
 * it with `disruptionPortSuite('acme', async () => ({ port, close, airport, route }))`, where
 * `airport` has lounges and hotels in the adapter's data (a sandbox's, for a real one) and
 * `route` is a flight the airline can rebook. Keys and members are new each run, since a
 * sandbox remembers earlier runs' bookings.
 */
export function disruptionPortSuite(
  name: string,
  open: () => Promise<{
    port: DisruptionPort;
    close: () => Promise<void>;
    airport: string;
    route: { flightNumber: string; origin: string; destination: string };
  }>,
) {
  describe(`disruption port: ${name}`, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    const run = `suite-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const guests = [
      { firstName: 'Uma', surname: 'User' },
      { firstName: 'Theo', surname: 'User' },
    ];
    // A month ahead, on the hour: a time every sandbox still books.
    const departure = DateTime.utc().plus({ days: 30 }).startOf('hour');
    const hours = /^[A-Z][a-z]{2}(-[A-Z][a-z]{2})? \d\d:\d\d-\d\d:\d\d$/;

    it('lists the lounges of the airport with what a traveller needs, and by terminal', async () => {
      const { port, airport } = subject;
      const all = await port.lounges.list(airport, null);
      expect(all.length).toBeGreaterThan(0);
      for (const lounge of all) {
        expect(lounge).toMatchObject({ airport, loungeId: expect.any(String) });
        expect(lounge.name && lounge.directions).toBeTruthy();
        expect(['airside', 'landside']).toContain(lounge.securityLocation);
        for (const part of lounge.businessHours.split(';')) expect(part).toMatch(hours);
        expect(lounge.capacity).toBeGreaterThan(0);
      }
      const terminals = new Set(all.flatMap((lounge) => lounge.terminal ?? []));
      for (const terminal of terminals) {
        const listed = await port.lounges.list(airport, terminal);
        for (const lounge of listed) expect([terminal, null]).toContain(lounge.terminal);
        const ids = listed.map((lounge) => lounge.loungeId);
        for (const lounge of all.filter((l) => l.terminal === terminal))
          expect(ids).toContain(lounge.loungeId);
      }
    });

    it('books a lounge once per key: a pass and a QR per guest, void after departure', async () => {
      const { lounges } = subject.port;
      const lounge = (await lounges.list(subject.airport, null)).find((l) => l.capacity >= 2)!;
      const request = {
        idempotencyKey: `${run}-lounge`,
        loungeId: lounge.loungeId,
        guests,
        departureUtc: departure.toISO(),
      };
      const first = await lounges.book(request);
      expect(await lounges.book(request)).toEqual(first);
      if (typeof first === 'string') throw new Error(`Lounge booking answered ${first}`);
      expect(first).toMatchObject({ loungeId: lounge.loungeId, units: 2 });
      expect(first.reference).toBeTruthy();
      expect(first.entries.map((e) => [e.firstName, e.surname])).toEqual(
        guests.map((g) => [g.firstName, g.surname]),
      );
      expect(new Set(first.entries.map((e) => e.displayCode)).size).toBe(2);
      for (const entry of first.entries)
        expect(entry.displayCodeUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      expect(Date.parse(first.expiryDate)).toBeGreaterThanOrEqual(departure.toMillis());
    });

    it('answers full past a lounge’s capacity and unknown for a lounge it does not know', async () => {
      const { lounges } = subject.port;
      const [lounge] = await lounges.list(subject.airport, null);
      const crowd = Array.from({ length: lounge!.capacity + 1 }, (_, i) => ({
        firstName: `Guest${i}`,
        surname: 'Crowd',
      }));
      const request = { departureUtc: departure.toISO(), guests: crowd };
      const full = { ...request, idempotencyKey: `${run}-full`, loungeId: lounge!.loungeId };
      expect(await lounges.book(full)).toBe('full');
      const unknown = { idempotencyKey: `${run}-unknown`, loungeId: 'no-such-lounge', guests };
      expect(await lounges.book({ ...unknown, departureUtc: departure.toISO() })).toBe('unknown');
    });

    it('offers hotels for the night, books one once per key, and refuses an offer it never made', async () => {
      const { hotels } = subject.port;
      const date = departure.toISODate();
      const offers = await hotels.available(subject.airport, date, 1);
      expect(offers.length).toBeGreaterThan(0);
      for (const offer of offers) {
        expect(offer.airport).toBe(subject.airport);
        expect(offer.alternateId && offer.name && offer.description).toBeTruthy();
      }
      expect(await hotels.available(subject.airport, date, 10_000)).toEqual([]);
      const request = {
        idempotencyKey: `${run}-hotel`,
        alternateId: offers[0]!.alternateId,
        guests,
      };
      const first = await hotels.book(request);
      expect(await hotels.book(request)).toEqual(first);
      if (first === 'unavailable') throw new Error('Hotel booking answered unavailable');
      expect(first.name).toBe(offers[0]!.name);
      expect(first.confirmationNumber && first.confirmationMessage).toBeTruthy();
      const bogus = { ...request, idempotencyKey: `${run}-no-hotel`, alternateId: 'no-such-hotel' };
      expect(await hotels.book(bogus)).toBe('unavailable');
    });

    /** The route's offers, each the rows of one link id in order. */
    async function offers(): Promise<AlternateFlight[][]> {
      const rows = await subject.port.rebooking.alternates({
        ...subject.route,
        afterUtc: departure.toISO(),
        seats: 2,
      });
      const links = new Map<string, AlternateFlight[]>();
      for (const row of rows) links.set(row.linkId, [...(links.get(row.linkId) ?? []), row]);
      return [...links.values()];
    }
    const instant = (local: string, iata: string) =>
      DateTime.fromISO(local, { zone: airportByIata.get(iata)!.timeZone }).toMillis();

    it('offers flights that leave after the time asked; a connection shares a link id and says where it stops', async () => {
      const { route } = subject;
      const found = await offers();
      expect(found.length).toBeGreaterThan(0);
      for (const legs of found) {
        expect(legs[0]!.origin).toBe(route.origin);
        expect(legs.at(-1)!.destination).toBe(route.destination);
        expect(instant(legs[0]!.embarkDate, route.origin)).toBeGreaterThan(departure.toMillis());
        legs.forEach((leg, i) => {
          const next = legs[i + 1];
          const arrives = instant(leg.arrivalDate, leg.destination);
          expect(arrives).toBeGreaterThan(instant(leg.embarkDate, leg.origin));
          if (!next) return expect([leg.stopAirport, leg.stopTime]).toEqual([null, null]);
          expect([next.origin, leg.stopAirport]).toEqual([leg.destination, leg.destination]);
          expect(leg.stopTime).toBeGreaterThan(0);
          expect(instant(next.embarkDate, next.origin)).toBeGreaterThan(arrives);
        });
      }
    });

    it('rebooks once per key, one flight per id in order, and refuses an offer it never made', async () => {
      const { rebooking } = subject.port;
      // The longest offer: a connection, where an adapter has one, shows the order is kept.
      const legs = (await offers()).reduce((a, b) => (b.length > a.length ? b : a));
      const request = {
        idempotencyKey: `${run}-rebook`,
        flightIds: legs.map((l) => l.flightId),
        guests,
      };
      const first = await rebooking.rebook(request);
      expect(await rebooking.rebook(request)).toEqual(first);
      if (first === 'unavailable') throw new Error('Rebooking answered unavailable');
      expect(
        first.map((f) => [f.flightNumber, f.originAirport, f.destinationAirport, f.embarkDate]),
      ).toEqual(legs.map((l) => [l.flightNumber, l.origin, l.destination, l.embarkDate]));
      for (const flight of first)
        expect(flight.confirmationNumber && flight.confirmationMessage).toBeTruthy();
      const bogus = { idempotencyKey: `${run}-no-flight`, guests };
      expect(await rebooking.rebook({ ...bogus, flightIds: ['no-such-flight'] })).toBe(
        'unavailable',
      );
      const mixed = { ...bogus, flightIds: [legs[0]!.flightId, 'no-such-flight'] };
      expect(await rebooking.rebook(mixed)).toBe('unavailable');
    });

    it('credits points once per key, even asked at once, and sums the balance', async () => {
      const { loyalty } = subject.port;
      const memberId = `${run}-member`;
      expect(await loyalty.balance(memberId)).toBe(0);
      const credit = {
        memberId,
        reason: 'Port suite',
        idempotencyKey: `${run}-points-1`,
        points: 500,
      };
      const first = await loyalty.credit(credit);
      const again = await loyalty.credit(credit);
      expect(first).toEqual({ reference: expect.any(String), balance: 500 });
      expect(again).toEqual(first);
      const parallel = { ...credit, idempotencyKey: `${run}-points-2`, points: 250 };
      const [a, b] = await Promise.all([loyalty.credit(parallel), loyalty.credit(parallel)]);
      expect(b).toEqual(a);
      expect(a).toEqual({ reference: expect.any(String), balance: 750 });
      expect(a.reference).not.toBe(first.reference);
      expect(await loyalty.balance(memberId)).toBe(750);
    });
  });
}
