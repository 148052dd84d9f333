import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  flightOptionListSchema,
  flightOptionSchema,
  routeName,
  travelContracts,
  tripListSchema,
  tripSchema,
} from '@tern/domain';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { useTestApp } from '../../../test/app.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn } from '../../../test/sign-in.ts';
import { users } from '../accounts/tables.ts';
import { policies } from '../policies/tables.ts';
import { flights, trips } from './tables.ts';

type Who = Awaited<ReturnType<typeof signIn>>;

/**
 * The purchase (spec 2 §4.1–4.4, §7, §8) against the flight simulator's timetable. The test
 * clock stands at 2026-01-15 12:00 UTC. On 2026-02-01 the simulator flies AC856 YYZ→YQR at
 * 08:05 (terminal 1, 296 seats), AC857 YQX→JFK at 12:30, AC123 in two legs YHM→YHZ→YXY, and
 * not AC801.
 */
describe('travel purchase API', () => {
  const t = useTestApp();
  let travel: Who;
  let other: Who;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    // Another customer of the same airline, who has no passenger or trip yet.
    other = await signIn(t, 'travel', 'mfa');
  });

  const call = callAs(t);
  const validate = (query: Record<string, string>, who = travel) =>
    call(travelContracts.validateFlight, who, { query });
  const blink = (body: unknown, who = travel) => call(travelContracts.blinkIt, who, { body });
  const expectError = expectApiError;
  const ac856 = {
    flightNumber: 'AC856',
    embarkDate: '2026-02-01',
    origin: 'YYZ',
    direction: 'outbound',
  };
  const both = () => [DEMO_IDS.travelSelf, DEMO_IDS.travelCompanion];

  describe(routeName(travelContracts.validateFlight), () => {
    it('answers the scheduled flight with its airports, terminal, times and seats', async () => {
      const res = await validate({ flightNumber: 'ac856', embarkDate: '2026-02-01' });
      expect(res.statusCode).toBe(200);
      const { flights: found } = flightOptionListSchema.parse(res.json());
      expect(found).toEqual([
        expect.objectContaining({
          flightNumber: 'AC856',
          embarkDate: '2026-02-01',
          embarkTime: '08:05',
          origin: 'YYZ',
          destination: 'YQR',
          terminal: '1',
          flightType: 'main',
          direction: 'outbound',
          totalPassengers: 296,
          userProvided: 0,
        }),
      ]);
      expect(found[0]!.originAirport).toMatch(/Pearson/);
    });

    it('answers each leg of a flight in legs, and narrows them by origin', async () => {
      const all = flightOptionListSchema.parse(
        (await validate({ flightNumber: 'AC123', embarkDate: '2026-02-01' })).json(),
      ).flights;
      expect(all.map((f) => [f.origin, f.destination, f.flightType])).toEqual([
        ['YHM', 'YHZ', 'leg'],
        ['YHZ', 'YXY', 'leg'],
      ]);
      const second = flightOptionListSchema.parse(
        (await validate({ flightNumber: 'AC123', embarkDate: '2026-02-01', origin: 'yhz' })).json(),
      ).flights;
      expect(second.map((f) => f.origin)).toEqual(['YHZ']);
    });

    it('answers 404 FLIGHT_SCHEDULE_NOT_FOUND on flightNumber for a number not flown', async () => {
      expectError(
        await validate({ flightNumber: 'AC801', embarkDate: '2026-02-01' }),
        404,
        'FLIGHT_SCHEDULE_NOT_FOUND',
        'flightNumber',
      );
    });

    it('refuses flight numbers by the rule of spec 2 §5, each with its message', async () => {
      const cases: [string, string][] = [
        ['12345', 'validation.flight_number_missing_letter'],
        ['A1', 'validation.invalid_flight_number'],
        ['AC12345X9', 'validation.invalid_flight_number'],
        ['AC-12', 'validation.invalid_flight_number'],
      ];
      for (const [flightNumber, message] of cases) {
        const error = expectError(
          await validate({ flightNumber, embarkDate: '2026-02-01' }),
          400,
          'INVALID_PARAMS',
        );
        expect(error.details).toContainEqual({ field: 'flightNumber', message });
      }
      const error = expectError(
        await validate({ flightNumber: 'AC856', embarkDate: '2026-02-30' }),
        400,
        'INVALID_PARAMS',
      );
      expect(error.details).toContainEqual({
        field: 'embarkDate',
        message: 'validation.invalid_date',
      });
    });

    it('refuses a past date (disabled_past) and one beyond 330 days (FLIGHT_OUT_OF_DATE_RANGE)', async () => {
      // The clock stands at 2026-01-15 12:00 UTC: the 14th is over everywhere.
      for (const embarkDate of ['2026-01-10', '2026-01-14']) {
        const past = expectError(
          await validate({ flightNumber: 'AC856', embarkDate }),
          400,
          'INVALID_PARAMS',
          'embarkDate',
        );
        expect(past.details).toEqual([
          { field: 'embarkDate', message: 'validation.disabled_past' },
        ]);
      }
      expectError(
        await validate({ flightNumber: 'AC856', embarkDate: '2026-12-20' }),
        409,
        'FLIGHT_OUT_OF_DATE_RANGE',
        'embarkDate',
      );
      expect((await validate({ flightNumber: 'AC856', embarkDate: '2026-12-05' })).statusCode).toBe(
        200,
      );
    });

    it("checks the date against a policy's dates; an unknown policy is 404 POLICY_NOT_FOUND", async () => {
      // SKY-2003 ends 190 days after the demo's start: 2026-07-24.
      await t.database.db
        .update(policies)
        .set({ userId: travel.userId })
        .where(eq(policies.externalPolicyNumber, 'SKY-2003'));
      const query = { flightNumber: 'AC856', policyNumber: 'sky-2003' };
      expect((await validate({ ...query, embarkDate: '2026-07-20' })).statusCode).toBe(200);
      expectError(
        await validate({ ...query, embarkDate: '2026-08-01' }),
        409,
        'FLIGHT_OUT_OF_DATE_RANGE',
        'embarkDate',
      );
      expectError(
        await validate({ ...query, policyNumber: 'SKY-9999', embarkDate: '2026-02-01' }),
        404,
        'POLICY_NOT_FOUND',
        'policyNumber',
      );
    });
  });

  describe(routeName(travelContracts.userFlight), () => {
    const enter = (body: unknown) => call(travelContracts.userFlight, travel, { body });

    it('answers a flight the schedule does not know as entered, userProvided', async () => {
      const res = await enter({
        flightNumber: 'ac801',
        embarkDateTime: '2026-02-01T10:00',
        origin: 'yul',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(flightOptionSchema.parse(res.json())).toMatchObject({
        flightNumber: 'AC801',
        embarkDate: '2026-02-01',
        embarkTime: '10:00',
        origin: 'YUL',
        destination: null,
        terminal: null,
        userProvided: 1,
        flightType: 'main',
      });
    });

    it("answers the schedule's flight when it has that number leaving that airport", async () => {
      const res = await enter({
        flightNumber: 'AC856',
        embarkDateTime: '2026-02-01T08:05',
        origin: 'YYZ',
      });
      expect(res.json()).toMatchObject({ userProvided: 0, terminal: '1', destination: 'YQR' });
    });

    it('refuses a missing or unknown origin airport with validation.origin', async () => {
      const missing = expectError(
        await enter({ flightNumber: 'AC801', embarkDateTime: '2026-02-01T10:00' }),
        400,
        'INVALID_PARAMS',
      );
      expect(missing.details).toContainEqual({ field: 'origin', message: 'validation.origin' });
      const unknown = expectError(
        await enter({ flightNumber: 'AC801', embarkDateTime: '2026-02-01T10:00', origin: 'QQQ' }),
        400,
        'INVALID_PARAMS',
        'origin',
      );
      expect(unknown.details).toEqual([{ field: 'origin', message: 'validation.origin' }]);
    });

    it('refuses a departure already past with disabled_past on embarkDateTime', async () => {
      // The clock stands at 2026-01-15 12:00 UTC; Montréal is at 07:00.
      for (const embarkDateTime of ['2026-01-10T10:00', '2026-01-15T06:30']) {
        const past = expectError(
          await enter({ flightNumber: 'AC801', embarkDateTime, origin: 'YUL' }),
          400,
          'INVALID_PARAMS',
          'embarkDateTime',
        );
        expect(past.details).toEqual([
          { field: 'embarkDateTime', message: 'validation.disabled_past' },
        ]);
      }
    });
  });

  describe(routeName(travelContracts.blinkIt), () => {
    it('covers a single trip: the flight as scheduled, watched, with the passengers chosen', async () => {
      const res = await blink({
        type: 'SINGLE',
        flights: [ac856],
        passengers: both(),
        delegatedPassengerId: DEMO_IDS.travelCompanion,
        bookingRef: 'ABC123',
      });
      expect(res.statusCode, res.body).toBe(201);
      const trip = tripSchema.parse(res.json());
      expect(trip).toMatchObject({
        type: 'single',
        bookingRef: 'ABC123',
        delegated_passenger_id: DEMO_IDS.travelCompanion,
        alerts: [],
      });
      expect(trip.passengers.map((p) => p.name)).toEqual(['Uma', 'Noah']);
      expect(trip.flights).toEqual([
        expect.objectContaining({
          flightNumber: 'AC856',
          embarkTime: '08:05',
          destination: 'YQR',
          terminal: '1',
          totalPassengers: 296,
          isMonitored: 1,
          notified: 0,
          direction: 'outbound',
        }),
      ]);
      const listed = tripListSchema.parse(
        (await call(travelContracts.trips, travel, { query: { userId: travel.userId } })).json(),
      );
      expect(listed.map((x) => x.tripId)).toContain(trip.tripId);
    });

    it('covers a return trip: out, then back', async () => {
      const res = await blink({
        type: 'return',
        flights: [
          { ...ac856, embarkDate: '2026-02-02' },
          { flightNumber: 'AC857', embarkDate: '2026-02-08', origin: 'YQX', direction: 'inbound' },
        ],
        passengers: 1,
      });
      expect(res.statusCode, res.body).toBe(201);
      const trip = tripSchema.parse(res.json());
      expect(trip.flights.map((f) => [f.flightNumber, f.direction])).toEqual([
        ['AC856', 'outbound'],
        ['AC857', 'inbound'],
      ]);
      // "1 if not an array": the account holder.
      expect(trip.passengers.map((p) => p.passengerId)).toEqual([DEMO_IDS.travelSelf]);
    });

    it('refuses the wrong number of flights for the trip type, and a single trip inbound', async () => {
      const cases: [string, object[], string, string][] = [
        ['return', [ac856], 'flights', 'validation.return_trip_flights'],
        ['multi', [ac856], 'flights', 'validation.multi_trip_flights'],
        [
          'single',
          [ac856, { ...ac856, embarkDate: '2026-02-03' }],
          'flights',
          'validation.single_trip_flights',
        ],
        [
          'single',
          [{ ...ac856, direction: 'inbound' }],
          'flights.0.direction',
          'validation.invalid',
        ],
        ['single', [], 'flights', 'validation.one_flight'],
      ];
      for (const [type, list, field, message] of cases) {
        const error = expectError(
          await blink({ type, flights: list, passengers: both() }),
          400,
          'INVALID_PARAMS',
        );
        expect(error.details, `${type} ${message}`).toContainEqual({ field, message });
      }
      const none = expectError(
        await blink({ flights: [ac856], passengers: [] }),
        400,
        'INVALID_PARAMS',
      );
      expect(none.details).toContainEqual({
        field: 'passengers',
        message: 'validation.one_passenger',
      });
    });

    it('refuses a flight twice, a flight already covered, and a flight not flying then', async () => {
      const again = { ...ac856, embarkDate: '2026-02-04' };
      expectError(
        await blink({ type: 'multi', flights: [again, again], passengers: 1 }),
        409,
        'DUPLICATE_FLIGHT',
      );
      expectError(await blink({ flights: [ac856], passengers: 1 }), 409, 'FLIGHT_ALREADY_BOOKED');
      expectError(
        await blink({ flights: [{ ...ac856, origin: 'YUL' }], passengers: 1 }),
        409,
        'NO_FLIGHT_FOR_DATE',
        'embarkDate',
      );
      // Entered by hand is only for numbers the schedule does not fly that day.
      expectError(
        await blink({
          flights: [{ ...ac856, embarkDate: '2026-02-05', embarkTime: '10:00', userProvided: 1 }],
          passengers: 1,
        }),
        409,
        'NO_FLIGHT_FOR_DATE',
      );
    });

    it('covers a flight entered by hand: not watched, the user is the one to report it', async () => {
      const res = await blink({
        flights: [
          {
            flightNumber: 'AC801',
            embarkDate: '2026-02-01',
            embarkTime: '10:00',
            origin: 'YUL',
            userProvided: 1,
          },
        ],
        passengers: 1,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(tripSchema.parse(res.json()).flights[0]).toMatchObject({
        flightNumber: 'AC801',
        origin: 'YUL',
        isMonitored: 0,
        notified: 1,
      });
    });

    it("refuses another user's passenger (INVALID_PASSENGER); the holder travels from their details", async () => {
      const flight = { ...ac856, embarkDate: '2026-02-06' };
      expectError(
        await blink({ flights: [flight], passengers: [DEMO_IDS.travelSelf] }, other),
        409,
        'INVALID_PASSENGER',
      );
      // The other user never added a passenger: their own is made from their details.
      const res = await blink({ flights: [flight], passengers: 1 }, other);
      expect(res.statusCode, res.body).toBe(201);
      const [holder] = tripSchema.parse(res.json()).passengers;
      const [user] = await t.database.db.select().from(users).where(eq(users.id, other.userId));
      expect(holder).toMatchObject({ name: user!.firstName, surname: user!.surname });
      const again = await call(travelContracts.passengers, other, {
        query: { userId: other.userId },
      });
      expect(again.json()).toEqual([expect.objectContaining({ accountHolder: 1 })]);
    });

    it("holds a non-employee to the policy's maxInsured, and lets an employee pass", async () => {
      const third = await call(travelContracts.addPassenger, travel, {
        body: { name: 'Léa', surname: "D'Arcy", mobilePhoneNumber: '+14165550199' },
      });
      expect(third.statusCode, third.body).toBe(201);
      await t.database.db
        .update(policies)
        .set({ userId: travel.userId })
        .where(eq(policies.externalPolicyNumber, 'SKY-2001'));
      const body = {
        flights: [{ ...ac856, embarkDate: '2026-02-07' }],
        passengers: [...both(), third.json().passengerId],
        policyNumber: 'SKY-2001',
      };
      const error = expectError(await blink(body), 400, 'INVALID_PARAMS', 'passengers');
      expect(error.details).toEqual([
        { field: 'passengers', message: 'validation.max_passengers' },
      ]);

      await t.database.db.update(users).set({ employee: true }).where(eq(users.id, travel.userId));
      const employee = await signIn(t, 'travel');
      const res = await blink(body, employee);
      expect(res.statusCode, res.body).toBe(201);
      expect(tripSchema.parse(res.json())).toMatchObject({ policyNumber: 'SKY-2001' });
      await t.database.db.update(users).set({ employee: false }).where(eq(users.id, travel.userId));
    });

    it('covers one flight once when the same purchase arrives many times at once', async () => {
      const body = { flights: [{ ...ac856, embarkDate: '2026-02-09' }], passengers: 1 };
      const answers = await Promise.all(Array.from({ length: 8 }, () => blink(body)));
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      const rows = await t.database.db
        .select()
        .from(flights)
        .where(eq(flights.embarkDate, '2026-02-09'));
      expect(rows).toHaveLength(1);
    });

    it('refuses a trip beyond the 30 open ones with 409 MAX_TRIPS_EXCEEDED', async () => {
      // Open: a flight still to leave (the demo's past trip is not).
      const open = tripListSchema
        .parse(
          (await call(travelContracts.trips, travel, { query: { userId: travel.userId } })).json(),
        )
        .filter((trip) => trip.flights.some((f) => f.embarkDate >= '2026-01-16')).length;
      for (let i = open; i < 30; i++) {
        const [trip] = await t.database.db
          .insert(trips)
          .values({ userId: travel.userId, partnerId: 'travel', type: 'single' })
          .returning();
        await t.database.db.insert(flights).values({
          tripId: trip!.id,
          flightNumber: `ZZ${100 + i}`,
          embarkDate: '2026-03-01',
          embarkTime: '10:00',
          origin: 'YYZ',
          departureUtc: new Date('2026-03-01T15:00:00Z'),
        });
      }
      expectError(
        await blink({ flights: [{ ...ac856, embarkDate: '2026-02-10' }], passengers: 1 }),
        409,
        'MAX_TRIPS_EXCEEDED',
      );
    });
  });

  describe(routeName(travelContracts.itemsTransaction), () => {
    it('covers a booking sent as FLIGHT items, with the items’ passengers', async () => {
      // The other user (the travel user has reached the most open trips above).
      const [holder] = (
        await call(travelContracts.passengers, other, { query: { userId: other.userId } })
      ).json<{ passengerId: string }[]>();
      const res = await call(travelContracts.itemsTransaction, other, {
        body: {
          userId: other.userId,
          tag: 'booking',
          propositionId: 'flight-cover',
          bookingRef: 'ITM001',
          items: [
            {
              itemTypeId: 'FLIGHT',
              ...ac856,
              embarkDate: '2026-02-11',
              passengers: [holder!.passengerId],
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const trip = tripSchema.parse(res.json());
      expect(trip).toMatchObject({ type: 'single', bookingRef: 'ITM001' });
      expect(trip.flights.map((f) => [f.flightNumber, f.embarkDate])).toEqual([
        ['AC856', '2026-02-11'],
      ]);
      expect(trip.passengers.map((p) => p.passengerId)).toEqual([holder!.passengerId]);
      const none = expectError(
        await call(travelContracts.itemsTransaction, other, {
          body: { userId: other.userId, tag: 'booking', items: [] },
        }),
        400,
        'INVALID_PARAMS',
      );
      expect(none.details).toContainEqual({ field: 'items', message: 'validation.one_flight' });
    });

    it('answers another user named in the body with 404 USER_NOT_FOUND', async () => {
      const res = await call(travelContracts.itemsTransaction, other, {
        body: {
          userId: travel.userId,
          tag: 'booking',
          items: [{ itemTypeId: 'FLIGHT', ...ac856, passengers: [DEMO_IDS.travelSelf] }],
        },
      });
      expectError(res, 404, 'USER_NOT_FOUND');
    });
  });

  describe('timing', () => {
    it('refuses a flight leaving in less than 2 hours with 409 FLIGHT_TOO_SOON', async () => {
      // AC856 leaves Toronto 2026-02-01 08:05 local, 13:05 UTC; the clock moves to 11:30 UTC.
      t.clock.advance(Date.parse('2026-02-01T11:30:00Z') - t.clock.now().getTime());
      const later = await signIn(t, 'travel', 'mfa');
      expectError(
        await validate({ flightNumber: 'AC856', embarkDate: '2026-02-01' }, later),
        409,
        'FLIGHT_TOO_SOON',
        'embarkDate',
      );
      expectError(await blink({ flights: [ac856], passengers: 1 }, later), 409, 'FLIGHT_TOO_SOON');
      // A later flight of the same day is fine.
      expect(
        (await validate({ flightNumber: 'AC857', embarkDate: '2026-02-01' }, later)).statusCode,
      ).toBe(200);
    });

    it('says a flight that has left is in the past, not too soon', async () => {
      // AC856 left Toronto at 13:05 UTC; the clock moves to 14:00 UTC, the same day.
      t.clock.advance(Date.parse('2026-02-01T14:00:00Z') - t.clock.now().getTime());
      const later = await signIn(t, 'travel', 'mfa');
      for (const res of [
        await validate({ flightNumber: 'AC856', embarkDate: '2026-02-01' }, later),
        await blink({ flights: [ac856], passengers: 1 }, later),
      ]) {
        const past = expectError(res, 400, 'INVALID_PARAMS', 'embarkDate');
        expect(past.details).toEqual([
          { field: 'embarkDate', message: 'validation.disabled_past' },
        ]);
      }
    });
  });
});
