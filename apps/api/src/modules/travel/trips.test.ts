import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  flightAlertSchema,
  passengerListSchema,
  passengerSchema,
  routeName,
  travelContracts,
  tripListSchema,
  tripSchema,
  type Trip,
} from '@tern/domain';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { useTestApp } from '../../../test/app.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn } from '../../../test/sign-in.ts';
import { partners } from '../partners/tables.ts';
import { policies } from '../policies/tables.ts';
import { flights, flightStatusChanges } from './tables.ts';

type Who = Awaited<ReturnType<typeof signIn>>;

/** Passengers, a trip's passengers, cancelling cover and the customer's disruption notices. */
describe('travel trips and passengers API', () => {
  const t = useTestApp();
  let travel: Who;
  let business: Who;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    business = await signIn(t, 'business');
  });

  const call = callAs(t);
  const expectError = expectApiError;
  let day = 10;
  /** A new single trip on AC856 (YYZ, 08:05) on its own February day. */
  const blink = async (passengers: string[] | 1 = 1, extra: object = {}): Promise<Trip> => {
    const res = await call(travelContracts.blinkIt, travel, {
      body: {
        flights: [{ flightNumber: 'AC856', embarkDate: `2026-02-${day++}`, origin: 'YYZ' }],
        passengers,
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return tripSchema.parse(res.json());
  };
  const passengers = async (who = travel) =>
    passengerListSchema.parse(
      (await call(travelContracts.passengers, who, { query: { userId: who.userId } })).json(),
    );

  describe(routeName(travelContracts.addPassenger), () => {
    it('adds a passenger with an accented name and an international mobile number', async () => {
      const res = await call(travelContracts.addPassenger, travel, {
        body: { name: ' Zoé ', surname: "O'Brien-Núñez", mobilePhoneNumber: '+44 7911 123456' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(passengerSchema.parse(res.json())).toMatchObject({
        name: 'Zoé',
        surname: "O'Brien-Núñez",
        accountHolder: 0,
        active: 1,
      });
      expect((await passengers()).map((p) => p.name)).toContain('Zoé');
    });

    it('refuses bad names and phones field by field (spec 2 §5 "Add passenger")', async () => {
      const error = expectError(
        await call(travelContracts.addPassenger, travel, {
          body: { name: 'R2D2', surname: '', mobilePhoneNumber: '12345' },
        }),
        400,
        'INVALID_PARAMS',
      );
      expect(error.details).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'validation.alphabetic' },
          { field: 'surname', message: 'validation.last_name' },
          { field: 'mobilePhoneNumber', message: 'validation.invalid_phone' },
        ]),
      );
      const missing = expectError(
        await call(travelContracts.addPassenger, travel, { body: {} }),
        400,
        'INVALID_PARAMS',
      );
      expect(missing.details).toContainEqual({ field: 'name', message: 'validation.first_name' });
    });

    it('refuses the same name twice, whatever the case, with 409 DUPLICATE_PASSENGER', async () => {
      expectError(
        await call(travelContracts.addPassenger, travel, {
          body: { name: 'noah', surname: 'USER', mobilePhoneNumber: '+14165550100' },
        }),
        409,
        'DUPLICATE_PASSENGER',
      );
    });

    it("follows the partner's rule: only employees may add where it says so", async () => {
      await t.database.db
        .update(partners)
        .set({ config: { addPassengers: { employeesOnly: true } } })
        .where(eq(partners.id, 'business'));
      expectError(
        await call(travelContracts.addPassenger, business, {
          body: { name: 'Ana', surname: 'Lopez', mobilePhoneNumber: '+14165550100' },
        }),
        403,
        'PASSENGER_NOT_PERMITTED',
      );
    });
  });

  describe(`${routeName(travelContracts.updatePassenger)} and ${routeName(travelContracts.removePassenger)}`, () => {
    it('changes a name, refuses a duplicate one, then removes the passenger', async () => {
      const zoe = (await passengers()).find((p) => p.name === 'Zoé')!;
      const params = { passengerId: zoe.passengerId };
      const renamed = await call(travelContracts.updatePassenger, travel, {
        params,
        body: { name: 'Zoe' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Zoe', surname: "O'Brien-Núñez" });
      expectError(
        await call(travelContracts.updatePassenger, travel, {
          params,
          body: { name: 'Noah', surname: 'User' },
        }),
        409,
        'DUPLICATE_PASSENGER',
      );
      const left = await call(travelContracts.removePassenger, travel, { params });
      expect(left.statusCode).toBe(200);
      expect(passengerListSchema.parse(left.json()).map((p) => p.name)).toEqual(['Uma', 'Noah']);
    });

    it('keeps the account holder (409 INVALID_PASSENGER)', async () => {
      expectError(
        await call(travelContracts.removePassenger, travel, {
          params: { passengerId: DEMO_IDS.travelSelf },
        }),
        409,
        'INVALID_PASSENGER',
      );
    });

    it("answers another user's passenger with 404 PASSENGER_NOT_FOUND", async () => {
      const params = { passengerId: DEMO_IDS.travelCompanion };
      expectError(
        await call(travelContracts.updatePassenger, business, { params, body: { name: 'X' } }),
        404,
        'PASSENGER_NOT_FOUND',
      );
      expectError(
        await call(travelContracts.removePassenger, business, { params }),
        404,
        'PASSENGER_NOT_FOUND',
      );
    });
  });

  describe(routeName(travelContracts.updateTrip), () => {
    it('changes the passengers; the primary contact is cleared when no longer among them', async () => {
      const trip = await blink([DEMO_IDS.travelSelf, DEMO_IDS.travelCompanion], {
        delegatedPassengerId: DEMO_IDS.travelCompanion,
      });
      const res = await call(travelContracts.updateTrip, travel, {
        params: { tripId: trip.tripId },
        body: { passengers: [DEMO_IDS.travelSelf] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(tripSchema.parse(res.json())).toMatchObject({
        passengers: [{ passengerId: DEMO_IDS.travelSelf }],
        delegated_passenger_id: null,
      });
    });

    it("refuses none, another user's, and beyond the policy's maxInsured for a non-employee", async () => {
      await t.database.db
        .update(policies)
        .set({ userId: travel.userId, maxInsured: 1 })
        .where(eq(policies.externalPolicyNumber, 'SKY-2002'));
      const trip = await blink(1, { policyNumber: 'SKY-2002' });
      const params = { tripId: trip.tripId };
      const none = expectError(
        await call(travelContracts.updateTrip, travel, { params, body: { passengers: [] } }),
        400,
        'INVALID_PARAMS',
      );
      expect(none.details).toEqual([{ field: 'passengers', message: 'validation.one_passenger' }]);
      const tooMany = expectError(
        await call(travelContracts.updateTrip, travel, {
          params,
          body: { passengers: [DEMO_IDS.travelSelf, DEMO_IDS.travelCompanion] },
        }),
        400,
        'INVALID_PARAMS',
      );
      expect(tooMany.details).toEqual([
        { field: 'passengers', message: 'validation.max_passengers' },
      ]);
      expectError(
        await call(travelContracts.updateTrip, travel, {
          params,
          body: { passengers: ['11111111-1111-4111-8111-111111111111'] },
        }),
        409,
        'INVALID_PASSENGER',
      );
      expectError(
        await call(travelContracts.updateTrip, business, {
          params,
          body: { passengers: [DEMO_IDS.travelSelf] },
        }),
        404,
        'TRIP_NOT_FOUND',
      );
    });
  });

  describe(`${routeName(travelContracts.alert)} and ${routeName(travelContracts.cancelTrip)}`, () => {
    it('cancels a trip: it leaves the list and stops being watched', async () => {
      const trip = await blink();
      const res = await call(travelContracts.cancelTrip, travel, {
        params: { tripId: trip.tripId },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(tripListSchema.parse(res.json()).map((x) => x.tripId)).not.toContain(trip.tripId);
      const [row] = await t.database.db
        .select()
        .from(flights)
        .where(eq(flights.tripId, trip.tripId));
      expect(row).toMatchObject({ active: false, nextCheckAt: null });
      expectError(
        await call(travelContracts.cancelTrip, travel, { params: { tripId: trip.tripId } }),
        404,
        'TRIP_NOT_FOUND',
      );
    });

    it('records a delay the customer reports, once, with its history; then the trip is kept', async () => {
      const trip = await blink();
      const flight = trip.flights[0]!;
      const params = { tripId: trip.tripId, flightId: flight.flightId };
      const delayDate = `${flight.embarkDate} 11:30`;
      const res = await call(travelContracts.alert, travel, {
        params,
        body: { alertType: 'DELAY', delayDate },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(flightAlertSchema.parse(res.json())).toMatchObject({
        alertType: 'DELAY',
        delayDate,
        source: 'customer',
      });
      // The same report again records nothing new.
      await call(travelContracts.alert, travel, {
        params,
        body: { alertType: 'DELAY', delayDate },
      });
      const [listed] = tripListSchema
        .parse(
          (await call(travelContracts.trips, travel, { query: { userId: travel.userId } })).json(),
        )
        .filter((x) => x.tripId === trip.tripId);
      expect(listed!.alerts).toHaveLength(1);
      expect(listed!.flights[0]).toMatchObject({ alerted: 1, cancelled: 0 });
      const history = await t.database.db
        .select()
        .from(flightStatusChanges)
        .where(eq(flightStatusChanges.flightId, flight.flightId));
      expect(history).toEqual([
        expect.objectContaining({
          source: 'customer',
          delayMinutes: 205,
          departureLocal: delayDate,
        }),
      ]);

      // An alerted trip is neither changed nor cancelled, and takes no "on time".
      for (const res of [
        await call(travelContracts.cancelTrip, travel, { params: { tripId: trip.tripId } }),
        await call(travelContracts.updateTrip, travel, {
          params: { tripId: trip.tripId },
          body: { passengers: [DEMO_IDS.travelSelf] },
        }),
        await call(travelContracts.alert, travel, { params, body: { alertType: 'ONTIME' } }),
      ])
        expectError(res, 409, 'FLIGHT_ALERTED_OR_DEPARTED');
    });

    it('refuses a delay without its time, or not after the scheduled time', async () => {
      const trip = await blink();
      const flight = trip.flights[0]!;
      const params = { tripId: trip.tripId, flightId: flight.flightId };
      const missing = expectError(
        await call(travelContracts.alert, travel, { params, body: { alertType: 'DELAY' } }),
        400,
        'INVALID_PARAMS',
      );
      expect(missing.details).toEqual([{ field: 'delayDate', message: 'validation.required' }]);
      const malformed = expectError(
        await call(travelContracts.alert, travel, {
          params,
          body: { alertType: 'DELAY', delayDate: '2026-02-30 10:00' },
        }),
        400,
        'INVALID_PARAMS',
      );
      expect(malformed.details).toEqual([
        { field: 'delayDate', message: 'validation.invalid_date' },
      ]);
      const early = expectError(
        await call(travelContracts.alert, travel, {
          params,
          body: { alertType: 'DELAY', delayDate: `${flight.embarkDate} 08:05` },
        }),
        400,
        'INVALID_PARAMS',
      );
      expect(early.field).toBe('delayDate');
      // The form's message: not before the earliest delayed departure, a minute after 08:05.
      expect(early.details).toEqual([
        { field: 'delayDate', message: 'validation.disabled_before' },
      ]);
    });

    it('records a cancellation; a cancelled flight takes no more reports', async () => {
      const trip = await blink();
      const params = { tripId: trip.tripId, flightId: trip.flights[0]!.flightId };
      expect(
        (await call(travelContracts.alert, travel, { params, body: { alertType: 'CANCELLATION' } }))
          .statusCode,
      ).toBe(201);
      const [listed] = tripListSchema
        .parse(
          (await call(travelContracts.trips, travel, { query: { userId: travel.userId } })).json(),
        )
        .filter((x) => x.tripId === trip.tripId);
      expect(listed!.flights[0]).toMatchObject({ cancelled: 1, alerted: 1 });
      expectError(
        await call(travelContracts.alert, travel, {
          params,
          body: { alertType: 'DELAY', delayDate: '2026-03-01 10:00' },
        }),
        409,
        'FLIGHT_ALERTED_OR_DEPARTED',
      );
    });

    it("answers another user's trip or an unknown flight with 404", async () => {
      const trip = await blink();
      const flightId = trip.flights[0]!.flightId;
      expectError(
        await call(travelContracts.alert, business, {
          params: { tripId: trip.tripId, flightId },
          body: { alertType: 'CANCELLATION' },
        }),
        404,
        'TRIP_NOT_FOUND',
      );
      expectError(
        await call(travelContracts.alert, travel, {
          params: { tripId: trip.tripId, flightId: DEMO_IDS.travelSelf },
          body: { alertType: 'CANCELLATION' },
        }),
        404,
        'FLIGHT_NOT_FOUND',
      );
      expectError(
        await call(travelContracts.cancelTrip, business, { params: { tripId: trip.tripId } }),
        404,
        'TRIP_NOT_FOUND',
      );
    });
  });

  describe(routeName(travelContracts.notifyAlert), () => {
    it("asks for a look at the user's flight now; another flight is 409 NO_TRIPS_FOR_FLIGHT", async () => {
      const trip = await blink();
      const flight = trip.flights[0]!;
      const body = {
        userId: travel.userId,
        flightNumber: 'ac856',
        embarkDate: flight.embarkDate,
        origin: 'YYZ',
      };
      const res = await call(travelContracts.notifyAlert, travel, { body });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ flights: 1 });
      await t.app.platform.jobs.settled();
      const [row] = await t.database.db
        .select()
        .from(flights)
        .where(eq(flights.id, flight.flightId));
      expect(row!.providerState).toBe('scheduled');

      expectError(
        await call(travelContracts.notifyAlert, travel, {
          body: { ...body, embarkDate: '2026-06-01' },
        }),
        409,
        'NO_TRIPS_FOR_FLIGHT',
      );
      expectError(
        await call(travelContracts.notifyAlert, business, { body }),
        404,
        'USER_NOT_FOUND',
      );
    });
  });
});
