import {
  AppError,
  mayAddPassengers,
  passengerCountProblem,
  type PartnerConfig,
  type Passenger,
  type PassengerRequest,
  type Trip,
  type TripPatch,
} from '@tern/domain';
import { keyOf, type AnswerCache } from '../../db/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { CoveringPolicy } from './booking-service.ts';
import { toPassenger } from './mappers.ts';
import type { FlightRow, PassengerRow, TravelRepo } from './repo.ts';

/** Local departure of a trip's first flight as a sortable `YYYY-MM-DD HH:mm`, or ''. */
const firstDeparture = (trip: Trip): string => {
  const first = trip.flights[0];
  return first ? `${first.embarkDate} ${first.embarkTime}` : '';
};

/**
 * Trips by first flight departure, newest first (spec 2 §2.3). Departures compare as local
 * date and time, which is what the list shows. Trips without flights yet go last, newest
 * first, so a half-built trip does not push real ones down.
 */
const byFirstDepartureNewestFirst = (a: Trip, b: Trip): number => {
  const [da, db] = [firstDeparture(a), firstDeparture(b)];
  if (da !== db) {
    if (!da) return 1;
    if (!db) return -1;
    return da < db ? 1 : -1;
  }
  return a.created < b.created ? 1 : a.created > b.created ? -1 : 0;
};

const sameName = (a: Pick<PassengerRow, 'name' | 'surname'>, b: typeof a) =>
  a.name.trim().toLocaleLowerCase() === b.name.trim().toLocaleLowerCase() &&
  a.surname.trim().toLocaleLowerCase() === b.surname.trim().toLocaleLowerCase();

/** A trip whose flight has left or been disrupted is kept as it was (spec 2 §2.3). */
const settled = (flights: FlightRow[]) =>
  flights.some((flight) => flight.active && (flight.departed || flight.alerted));

/** Passengers and trips: reading them, changing passengers, cancelling a trip's cover. */
export function travelService(deps: {
  repo: TravelRepo;
  clock: Clock;
  live: LiveEvents;
  /** The trip lists this process holds (db/answer-cache.ts). */
  answers: AnswerCache<Buffer>;
  policyOf: (owner: Owner, number: string) => Promise<CoveringPolicy | undefined>;
  /** The user's own details, for their passenger. */
  userOf: (
    userId: string,
  ) => Promise<
    { firstName: string; surname: string; mobilePhoneNumber: string | null } | undefined
  >;
}) {
  const { repo, clock, live } = deps;

  /**
   * The user's passengers. The account holder travels too: registration knows nothing of
   * travel, so their passenger is made from their details the first time it is needed.
   */
  const ownPassengers = async (owner: Owner): Promise<PassengerRow[]> => {
    const list = await repo.listPassengers(owner);
    if (list.some((p) => p.accountHolder)) return list;
    const user = await deps.userOf(owner.userId);
    if (!user) return list;
    await repo.insertHolder({
      userId: owner.userId,
      partnerId: owner.partnerId,
      name: user.firstName,
      surname: user.surname,
      mobilePhoneNumber: user.mobilePhoneNumber,
      createdAt: clock.now(),
    });
    return repo.listPassengers(owner);
  };

  const passengersChanged = (owner: Owner) => live.publish(owner.userId, ['PASSENGERS', 'TRIPS']);

  const ownPassenger = async (owner: Owner, passengerId: string) => {
    const list = await ownPassengers(owner);
    const found = list.find((p) => p.id === passengerId);
    if (!found)
      throw new AppError('PASSENGER_NOT_FOUND', { message: `No passenger ${passengerId}` });
    return { found, list };
  };

  const refuseDuplicate = (list: PassengerRow[], candidate: PassengerRequest, except?: string) => {
    if (list.some((p) => p.id !== except && sameName(p, candidate)))
      throw new AppError('DUPLICATE_PASSENGER', {
        message: `${candidate.name} ${candidate.surname} is already a passenger`,
      });
  };

  const listTrips = async (owner: Owner): Promise<Trip[]> =>
    (await repo.tripViews(owner)).value.sort(byFirstDepartureNewestFirst);

  /**
   * The trip list as the route sends it (`write`: its serializer), written once per version
   * of the user's rows and served again from this process while the version stands.
   */
  const tripsAnswer = async (owner: Owner, write: (trips: Trip[]) => Buffer): Promise<Buffer> =>
    (await deps.answers.read(owner.userId, keyOf(owner, 'trips'), async () => {
      const { value, version } = await repo.tripViews(owner);
      return { version, value: write(value.sort(byFirstDepartureNewestFirst)) };
    }))!;

  /** One of the owner's open trips with its flights, else TRIP_NOT_FOUND. */
  const openTrip = async (owner: Owner, tripId: string) => {
    const trip = await repo.findTrip(owner, tripId);
    if (!trip) throw new AppError('TRIP_NOT_FOUND', { message: `No trip ${tripId}` });
    return { trip, flights: await repo.flightsOf([tripId]) };
  };

  const trip = async (owner: Owner, tripId: string): Promise<Trip> => {
    const found = (await listTrips(owner)).find((t) => t.tripId === tripId);
    if (!found) throw new AppError('TRIP_NOT_FOUND', { message: `No trip ${tripId}` });
    return found;
  };

  return {
    listTrips,
    tripsAnswer,
    trip,
    ownPassengers,

    async listPassengers(owner: Owner): Promise<Passenger[]> {
      return (await ownPassengers(owner)).map(toPassenger);
    },

    async addPassenger(
      caller: Caller,
      config: PartnerConfig,
      request: PassengerRequest,
    ): Promise<Passenger> {
      if (!mayAddPassengers(config.addPassengers, caller))
        throw new AppError('PASSENGER_NOT_PERMITTED', {
          message: 'Passengers are added by the partner for this account',
        });
      refuseDuplicate(await ownPassengers(caller), request);
      const row = await repo.insertPassenger({
        userId: caller.userId,
        partnerId: caller.partnerId,
        name: request.name.trim(),
        surname: request.surname.trim(),
        mobilePhoneNumber: request.mobilePhoneNumber,
        createdAt: clock.now(),
      });
      await passengersChanged(caller);
      return toPassenger(row);
    },

    async updatePassenger(
      owner: Owner,
      passengerId: string,
      patch: Partial<PassengerRequest>,
    ): Promise<Passenger> {
      const { found, list } = await ownPassenger(owner, passengerId);
      const next = {
        name: patch.name?.trim() ?? found.name,
        surname: patch.surname?.trim() ?? found.surname,
        mobilePhoneNumber: patch.mobilePhoneNumber ?? found.mobilePhoneNumber ?? '',
      };
      refuseDuplicate(list, next, passengerId);
      const row = await repo.updatePassenger(owner, passengerId, next, clock.now());
      if (!row)
        throw new AppError('PASSENGER_NOT_FOUND', { message: `No passenger ${passengerId}` });
      await passengersChanged(owner);
      return toPassenger(row);
    },

    async removePassenger(owner: Owner, passengerId: string): Promise<Passenger[]> {
      const { found } = await ownPassenger(owner, passengerId);
      if (found.accountHolder)
        throw new AppError('INVALID_PASSENGER', {
          message: 'The account holder stays a passenger of their own account',
        });
      await repo.updatePassenger(owner, passengerId, { active: false }, clock.now());
      await passengersChanged(owner);
      return (await repo.listPassengers(owner)).map(toPassenger);
    },

    /** Spec 2 §5 "Passengers" in the edit-trip dialog; the primary contact follows them. */
    async updateTrip(caller: Caller, tripId: string, patch: TripPatch): Promise<Trip> {
      const { trip: row, flights } = await openTrip(caller, tripId);
      if (settled(flights))
        throw new AppError('FLIGHT_ALERTED_OR_DEPARTED', {
          message: 'A flight of this trip has left or has an alert',
        });
      const own = await ownPassengers(caller);
      const ids = [...new Set(patch.passengers)];
      const unknown = ids.find((id) => !own.some((p) => p.id === id));
      if (unknown)
        throw new AppError('INVALID_PASSENGER', { message: `No passenger ${unknown} of yours` });
      const policy = row.policyNumber ? await deps.policyOf(caller, row.policyNumber) : undefined;
      const problem = passengerCountProblem({
        selected: ids.length,
        employee: caller.employee,
        limit: policy?.maxInsured,
        form: 'edit',
      });
      if (problem)
        throw new AppError('INVALID_PARAMS', {
          message: `Policy ${row.policyNumber} covers at most ${policy?.maxInsured} people`,
          field: 'passengers',
          details: [{ field: 'passengers', message: problem.key }],
        });
      const wanted =
        patch.delegatedPassengerId === undefined
          ? row.delegatedPassengerId
          : patch.delegatedPassengerId;
      const delegated = wanted && ids.includes(wanted) ? wanted : null;
      await repo.setTripPassengers(tripId, ids, delegated, clock.now());
      await live.publish(caller.userId, ['TRIPS']);
      return trip(caller, tripId);
    },

    /** Cancel insurance (spec 2 §2.4): not once a flight has left or been disrupted. */
    async cancelTrip(owner: Owner, tripId: string): Promise<Trip[]> {
      const { flights } = await openTrip(owner, tripId);
      if (settled(flights))
        throw new AppError('FLIGHT_ALERTED_OR_DEPARTED', {
          message: 'A flight of this trip has left or has an alert',
        });
      await repo.cancelTrip(tripId, clock.now());
      await live.publish(owner.userId, ['TRIPS']);
      return listTrips(owner);
    },
  };
}
export type TravelService = ReturnType<typeof travelService>;
