import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  apiErrorSchema,
  passengerListSchema,
  routeName,
  travelContracts,
  tripListSchema,
} from '@tern/domain';
import { flightAlerts, flights, passengers, tripPassengers, trips } from './tables.ts';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { travelKey, useTestApp } from '../../../test/app.ts';
import { routeStatements, statementsDuring } from '../../../test/queries.ts';
import { urlOf } from '../../../test/urls.ts';
import { signIn, unknownUserId } from '../../../test/sign-in.ts';

type Who = Awaited<ReturnType<typeof signIn>>;

describe('travel API', () => {
  const t = useTestApp();
  let travel: Who;
  let business: Who;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    business = await signIn(t, 'business');
  });

  const get = (name: keyof typeof travelContracts, who: Who, userId = who.userId) =>
    t.app.inject({ url: urlOf(travelContracts[name], {}, { userId }), headers: who.headers });

  describe(routeName(travelContracts.passengers), () => {
    it("answers the owner's passengers, the account holder first", async () => {
      const res = await get('passengers', travel);
      expect(res.statusCode).toBe(200);
      const list = passengerListSchema.parse(res.json());
      expect(list.map((p) => [p.name, p.surname, p.accountHolder, p.active])).toEqual([
        ['Uma', 'User', 1, 1],
        ['Noah', 'User', 0, 1],
      ]);
      expect(list[0]).toMatchObject({
        passengerId: DEMO_IDS.travelSelf,
        userId: travel.userId,
        partnerId: 'travel',
        mobilePhoneNumber: '+14165550123',
      });
    });

    it('leaves out deleted passengers and lists the others in the order added', async () => {
      await t.database.db.insert(passengers).values([
        {
          userId: travel.userId,
          partnerId: 'travel',
          name: 'Ines',
          surname: 'Gone',
          active: false,
        },
        {
          userId: travel.userId,
          partnerId: 'travel',
          name: 'Zoe',
          surname: 'Later',
          createdAt: new Date('2030-01-01T00:00:00Z'),
        },
      ]);
      const names = (await get('passengers', travel)).json().map((p: { name: string }) => p.name);
      expect(names).toEqual(['Uma', 'Noah', 'Zoe']);
    });

    it('answers another user only their own: the account holder, made from their details', async () => {
      for (const who of [await signIn(t, 'travel', 'agent'), await signIn(t, 'travel', 'mfa')]) {
        const list = passengerListSchema.parse((await get('passengers', who)).json());
        expect(list).toEqual([
          expect.objectContaining({ userId: who.userId, partnerId: 'travel', accountHolder: 1 }),
        ]);
      }
    });
  });

  describe(routeName(travelContracts.trips), () => {
    it("answers the demo's trips: the upcoming return trip, then the one flown", async () => {
      const res = await get('trips', travel);
      expect(res.statusCode).toBe(200);
      const list = tripListSchema.parse(res.json());
      expect(list.map((trip) => [trip.type, trip.bookingRef, trip.passengers.length])).toEqual([
        ['return', 'TRN5ZD', 2],
        ['single', 'QX7K2P', 1],
      ]);
      expect(list[0]!.flights.map((f) => [f.flightNumber, f.direction, f.origin])).toEqual([
        ['AC5', 'outbound', 'YOW'],
        ['AC2042', 'inbound', 'YHM'],
      ]);
      expect(list[1]!.flights[0]).toMatchObject({ flightNumber: 'AC12', departed: 1 });
    });

    it('answers trips by first flight departure, newest first, with flights, passengers and alerts', async () => {
      const db = t.database.db;
      const trip = (bookingRef: string, extra: Partial<typeof trips.$inferInsert> = {}) => ({
        userId: travel.userId,
        partnerId: 'travel',
        type: 'single',
        bookingRef,
        ...extra,
      });
      const [march, may, noFlights, cancelled] = await db
        .insert(trips)
        .values([
          trip('MARCH'),
          trip('MAY', { type: 'return', delegatedPassengerId: DEMO_IDS.travelSelf }),
          trip('EMPTY'),
          trip('CANCELLED', { active: false }),
        ])
        .returning();
      const flight = (
        tripId: string,
        flightNumber: string,
        embarkDate: string,
        embarkTime: string,
      ) => ({
        tripId,
        flightNumber,
        embarkDate,
        embarkTime,
        origin: 'YYZ',
        originAirport: 'Toronto Pearson',
        destination: 'LHR',
        destinationAirport: 'London Heathrow',
        // Toronto keeps Eastern time: 5 hours behind UTC in winter, 4 in summer.
        departureUtc: new Date(`${embarkDate}T${embarkTime}:00-05:00`),
      });
      const [mayInbound] = await db
        .insert(flights)
        .values([
          // Inserted out of order: a trip's flights are answered in departure order.
          { ...flight(may!.id, 'AC857', '2026-05-08', '18:40'), direction: 'inbound' },
          flight(may!.id, 'AC856', '2026-05-01', '21:15'),
          flight(march!.id, 'AC123', '2026-03-01', '10:00'),
          flight(cancelled!.id, 'AC999', '2026-12-01', '09:00'),
        ])
        .returning();
      await db.insert(tripPassengers).values([
        { tripId: may!.id, passengerId: DEMO_IDS.travelCompanion },
        { tripId: may!.id, passengerId: DEMO_IDS.travelSelf },
      ]);
      await db.insert(flightAlerts).values({
        flightId: mayInbound!.id,
        alertType: 'DELAY',
        delayDate: '2026-05-08 21:00',
        source: 'customer',
      });

      const res = await get('trips', travel);
      expect(res.statusCode).toBe(200);
      const list = tripListSchema.parse(res.json());
      expect(list.map((trip) => trip.bookingRef)).toEqual([
        'MAY',
        'MARCH',
        'TRN5ZD',
        'QX7K2P',
        'EMPTY',
      ]);
      expect(noFlights!.id).toBe(list[4]!.tripId);
      const [mayTrip] = list;
      expect(mayTrip).toMatchObject({
        type: 'return',
        delegated_passenger_id: DEMO_IDS.travelSelf,
        passengers: [
          { passengerId: DEMO_IDS.travelSelf, name: 'Uma', surname: 'User' },
          { passengerId: DEMO_IDS.travelCompanion, name: 'Noah', surname: 'User' },
        ],
        alerts: [{ flightId: mayInbound!.id, alertType: 'DELAY', delayDate: '2026-05-08 21:00' }],
      });
      expect(mayTrip!.flights.map((f) => [f.flightNumber, f.direction])).toEqual([
        ['AC856', 'outbound'],
        ['AC857', 'inbound'],
      ]);
      expect(mayTrip!.flights[0]).toMatchObject({
        embarkDate: '2026-05-01',
        embarkTime: '21:15',
        origin: 'YYZ',
        destinationAirport: 'London Heathrow',
        flightType: 'main',
        cancelled: 0,
        active: 1,
        departed: 0,
        alerted: 0,
        notified: 0,
        isMonitored: 0,
      });
    });

    it("leaves out a trip's removed flights and their alerts, and still names a removed passenger", async () => {
      const db = t.database.db;
      const employee = await signIn(t, 'travel', 'employee');
      const [trip] = await db
        .insert(trips)
        .values({
          userId: employee.userId,
          partnerId: 'travel',
          type: 'return',
          bookingRef: 'KEPT',
        })
        .returning();
      const leg = (flightNumber: string, embarkDate: string, active: boolean) => ({
        tripId: trip!.id,
        flightNumber,
        embarkDate,
        embarkTime: '09:30',
        origin: 'YUL',
        departureUtc: new Date(`${embarkDate}T14:30:00Z`),
        active,
      });
      const [out, removed, back] = await db
        .insert(flights)
        .values([
          leg('AC870', '2026-06-01', true),
          leg('AC871', '2026-06-03', false),
          leg('AC872', '2026-06-09', true),
        ])
        .returning();
      const [gone] = await db
        .insert(passengers)
        .values({
          userId: employee.userId,
          partnerId: 'travel',
          name: 'Remy',
          surname: 'Removed',
          active: false,
        })
        .returning();
      await db.insert(tripPassengers).values({ tripId: trip!.id, passengerId: gone!.id });
      const alert = (flightId: string, alertType: string, createdAt: string) => ({
        flightId,
        alertType,
        source: 'provider',
        createdAt: new Date(createdAt),
      });
      await db
        .insert(flightAlerts)
        .values([
          alert(out!.id, 'ONTIME', '2026-06-01T10:00:00Z'),
          alert(removed!.id, 'CANCELLATION', '2026-06-03T10:00:00Z'),
          alert(back!.id, 'CANCELLATION', '2026-06-09T10:00:00Z'),
        ]);

      const [listed, ...others] = tripListSchema.parse((await get('trips', employee)).json());
      expect(others).toEqual([]);
      expect(listed!.flights.map((f) => [f.flightNumber, f.active])).toEqual([
        ['AC870', 1],
        ['AC872', 1],
      ]);
      expect(listed!.alerts).toEqual([
        {
          flightId: back!.id,
          alertType: 'CANCELLATION',
          delayDate: null,
          source: 'provider',
          created: '2026-06-09T10:00:00.000Z',
        },
        {
          flightId: out!.id,
          alertType: 'ONTIME',
          delayDate: null,
          source: 'provider',
          created: '2026-06-01T10:00:00.000Z',
        },
      ]);
      expect(listed!.passengers).toEqual([
        { passengerId: gone!.id, name: 'Remy', surname: 'Removed' },
      ]);
      expect(listed!.created).toBe(trip!.createdAt.toISOString());
    });

    it('answers in one prepared statement however many trips, flights, passengers and alerts', async () => {
      const url = urlOf(travelContracts.trips, {}, { userId: travel.userId });
      expect((await t.app.inject({ url, headers: travel.headers })).statusCode).toBe(200);
      // The list this process holds is out of date: it is read anew (db/answer-cache.ts).
      await t.database.db
        .update(flights)
        .set({ terminal: '3' })
        .where(
          inArray(
            flights.tripId,
            t.database.db
              .select({ id: trips.id })
              .from(trips)
              .where(eq(trips.userId, travel.userId)),
          ),
        );
      let answer: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      const statements = await statementsDuring(t, async () => {
        answer = await t.app.inject({ url, headers: travel.headers });
      });
      const list = tripListSchema.parse(answer!.json());
      expect(list.length).toBeGreaterThan(3);
      expect(list.some((trip) => trip.passengers.length > 1 && trip.alerts.length > 0)).toBe(true);
      // Named: PostgreSQL parses and plans them once per connection, not on every request.
      expect(routeStatements(statements).map((statement) => statement.name)).toEqual([
        'answer_version_of_user',
        'travel_trips_of_user',
      ]);
    });

    it("does not show one user's trips to another", async () => {
      const colleague = await signIn(t, 'travel', 'agent');
      expect((await get('trips', colleague)).json()).toEqual([]);
    });
  });

  describe('both routes', () => {
    it("answer another user's id, or an unknown one, with 404 USER_NOT_FOUND", async () => {
      for (const name of ['passengers', 'trips'] as const)
        for (const userId of [business.userId, unknownUserId]) {
          const res = await get(name, travel, userId);
          expect(res.statusCode).toBe(404);
          expect(apiErrorSchema.parse(res.json()).code).toBe('USER_NOT_FOUND');
        }
    });

    it('refuse a missing user id with 400 INVALID_PARAMS', async () => {
      for (const contract of [travelContracts.passengers, travelContracts.trips]) {
        const res = await t.app.inject({ url: urlOf(contract), headers: travel.headers });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'userId' });
      }
    });

    it('need a session', async () => {
      for (const name of ['passengers', 'trips'] as const) {
        const res = await get(name, { ...travel, headers: travelKey }, travel.userId);
        expect(res.statusCode).toBe(401);
      }
    });
  });
});
