import { DateTime } from 'luxon';
import {
  AppError,
  checkEmbarkDate,
  departureTiming,
  FLIGHT_MAX_DAYS_AHEAD,
  FLIGHT_MIN_NOTICE_MINUTES,
  MAX_OPEN_TRIPS,
  passengerCountProblem,
  type BlinkItRequest,
  type FlightChoice,
  type FlightDirection,
  type FlightOption,
  type FlightValidateQuery,
  type ItemsTransactionRequest,
  type Trip,
  type TripType,
  type UserFlightRequest,
} from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Clock } from '../../lib/clock.ts';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { FlightsPort, ScheduledFlight } from '../../providers/flights/port.ts';
import type { PartnerEvents } from '../partners/index.ts';
import type { FlightRow, NewFlight, PassengerRow, TravelRepo } from './repo.ts';

/** A policy as a purchase needs it: its dates bound the flights it covers. */
export interface CoveringPolicy {
  externalPolicyNumber: string;
  policyStart: string;
  policyEnd: string | null;
  /** The most people it covers per trip (0: no limit). */
  maxInsured: number;
}

/** A flight option with what the purchase stores besides: its instants. */
export interface Resolved {
  option: FlightOption;
  departureUtc: Date;
  statusKeyUtc: Date | null;
}

const LOCAL = "yyyy-MM-dd'T'HH:mm";

/** One option per leg of the scheduled flights (a direct flight's one leg is `main`). */
export function legOptions(
  scheduled: ScheduledFlight[],
  direction: FlightDirection,
): { option: FlightOption; departureUtc: Date; statusKeyUtc: Date }[] {
  return scheduled.flatMap((flight) =>
    flight.legs.map((leg) => ({
      option: {
        flightNumber: flight.flightNumber,
        embarkDate: leg.departure.local.slice(0, 10),
        embarkTime: leg.departure.local.slice(11, 16),
        origin: leg.origin,
        originAirport: airportByIata.get(leg.origin)?.name ?? null,
        destination: leg.destination,
        destinationAirport: airportByIata.get(leg.destination)?.name ?? null,
        arrivalDate: leg.arrival.local.slice(0, 10),
        arrivalTime: leg.arrival.local.slice(11, 16),
        terminal: leg.terminal,
        direction,
        flightType: flight.legs.length > 1 ? 'leg' : 'main',
        totalPassengers: leg.totalPassengers,
        userProvided: 0,
      },
      departureUtc: new Date(leg.departure.utc),
      statusKeyUtc: new Date(flight.legs[0]!.departure.utc),
    })),
  );
}

/** The row of a flight a purchase covers. */
export const toNewFlight = (resolved: Resolved, now: Date): NewFlight => ({
  ...resolved.option,
  userProvided: resolved.option.userProvided === 1,
  departureUtc: resolved.departureUtc,
  statusKeyUtc: resolved.statusKeyUtc,
  // The provider knows it: the watcher follows it. A flight entered by hand is the user's to
  // report: they are told so (and may, from the list).
  isMonitored: resolved.statusKeyUtc !== null,
  notified: resolved.statusKeyUtc === null,
  // The first look comes at the watcher's next cycle, so the trip soon shows what is known.
  nextCheckAt: resolved.statusKeyUtc ? now : null,
});

/**
 * Finding flights and buying cover for them (spec 2 §4.1–4.4, §7 "Check flight", "Create
 * user-provided flight", "Blink trip"): the schedule comes from the flights port; a flight
 * is matched against it again when bought, so only the number, date and origin the user chose
 * are taken from the request.
 */
export function bookingService(deps: {
  repo: TravelRepo;
  flights: FlightsPort;
  clock: Clock;
  /** A trip bought is the partner's `trip.covered`, in the purchase's transaction. */
  events: PartnerEvents;
  /** The user's active policy of this number, or undefined. */
  policyOf: (owner: Owner, number: string) => Promise<CoveringPolicy | undefined>;
  /** The user's passengers, the account holder's made when missing. */
  passengersOf: (owner: Owner) => Promise<PassengerRow[]>;
  /** Tells the user's pages their trips changed, and starts watching. */
  booked: (owner: Owner, tripId: string) => Promise<Trip>;
}) {
  const { repo, flights, clock, policyOf, booked, passengersOf } = deps;

  const policy = async (owner: Owner, number: string | undefined) => {
    if (!number) return undefined;
    const found = await policyOf(owner, number);
    if (!found)
      throw new AppError('POLICY_NOT_FOUND', { message: `No policy ${number} on this account` });
    return found;
  };

  /** A departure already past: the date field's own message, not "too soon". */
  const pastError = (field: string) =>
    new AppError('INVALID_PARAMS', {
      message: 'This flight has left',
      field,
      details: [{ field, message: 'validation.disabled_past' }],
    });

  /**
   * Why cover cannot start for a flight leaving then: left already, too soon, too far, outside
   * the policy. `field` names the departure in the request.
   */
  const timingError = (
    departureUtc: Date,
    embarkDate: string,
    covering: CoveringPolicy | undefined,
    field = 'embarkDate',
  ): AppError | undefined => {
    const timing = departureTiming(departureUtc, clock.now());
    if (timing === 'past') return pastError(field);
    if (timing === 'too_soon')
      return new AppError('FLIGHT_TOO_SOON', {
        message: `Cover starts at least ${FLIGHT_MIN_NOTICE_MINUTES} minutes before departure`,
      });
    if (timing === 'too_far')
      return new AppError('FLIGHT_OUT_OF_DATE_RANGE', {
        message: `Flights are covered up to ${FLIGHT_MAX_DAYS_AHEAD} days ahead`,
      });
    if (
      covering &&
      (embarkDate < covering.policyStart ||
        (covering.policyEnd !== null && embarkDate > covering.policyEnd))
    )
      return new AppError('FLIGHT_OUT_OF_DATE_RANGE', {
        message: `Policy ${covering.externalPolicyNumber} does not cover ${embarkDate}`,
      });
    return undefined;
  };

  /** Refuses a date nobody could fly on yet or still: before asking the provider. */
  const checkDate = (
    embarkDate: string,
    covering: CoveringPolicy | undefined,
    field = 'embarkDate',
  ) => {
    // The form's rule: a date already over wherever the airport is.
    if (checkEmbarkDate(embarkDate, clock.now())) throw pastError(field);
    const today = DateTime.fromJSDate(clock.now(), { zone: 'utc' });
    // Local dates run up to a day either side of UTC.
    const latest = today.plus({ days: FLIGHT_MAX_DAYS_AHEAD + 1 }).toISODate()!;
    if (embarkDate > latest)
      throw new AppError('FLIGHT_OUT_OF_DATE_RANGE', {
        message: `Flights are covered up to ${FLIGHT_MAX_DAYS_AHEAD} days ahead`,
      });
    const error = covering && timingError(clock.now(), embarkDate, covering);
    if (error?.code === 'FLIGHT_OUT_OF_DATE_RANGE') throw error;
  };

  /** The options that may still be covered; when none may, why the first may not. */
  const coverable = <T extends { option: FlightOption; departureUtc: Date }>(
    found: T[],
    covering: CoveringPolicy | undefined,
  ): T[] => {
    const errors = found.map((f) => timingError(f.departureUtc, f.option.embarkDate, covering));
    const ok = found.filter((_, i) => !errors[i]);
    if (ok.length === 0 && errors[0]) throw errors[0];
    return ok;
  };

  /** A flight entered by hand: departing at a local time from a known airport. */
  const userProvided = (
    choice: { flightNumber: string; origin: string; direction: FlightDirection },
    local: string,
    field: string,
  ): Resolved => {
    const airport = airportByIata.get(choice.origin);
    if (!airport)
      throw new AppError('INVALID_PARAMS', {
        message: `No airport ${choice.origin}`,
        field,
        details: [{ field, message: 'validation.origin' }],
      });
    const departure = DateTime.fromFormat(local, LOCAL, { zone: airport.timeZone });
    return {
      option: {
        flightNumber: choice.flightNumber,
        embarkDate: departure.toISODate()!,
        embarkTime: departure.toFormat('HH:mm'),
        origin: airport.iata,
        originAirport: airport.name,
        destination: null,
        destinationAirport: null,
        arrivalDate: null,
        arrivalTime: null,
        terminal: null,
        direction: choice.direction,
        flightType: 'main',
        totalPassengers: null,
        userProvided: 1,
      },
      departureUtc: departure.toUTC().toJSDate(),
      statusKeyUtc: null,
    };
  };

  /** A chosen flight matched against the schedule again, or taken as entered by hand. */
  const resolve = async (choice: FlightChoice, index: number): Promise<Resolved> => {
    const scheduled = await flights.schedules(choice.flightNumber, choice.embarkDate);
    const match = legOptions(scheduled, choice.direction).find(
      ({ option }) =>
        option.origin === choice.origin &&
        option.embarkDate === choice.embarkDate &&
        (!choice.embarkTime || option.embarkTime === choice.embarkTime),
    );
    if (match) return match;
    if (choice.userProvided && scheduled.length === 0 && choice.embarkTime)
      return userProvided(
        choice,
        `${choice.embarkDate}T${choice.embarkTime}`,
        `flights.${index}.origin`,
      );
    throw new AppError('NO_FLIGHT_FOR_DATE', {
      message: `${choice.flightNumber} does not leave ${choice.origin} on ${choice.embarkDate}`,
    });
  };

  const sameFlight =
    (a: { flightNumber: string; embarkDate: string; origin: string }) => (b: typeof a) =>
      a.flightNumber === b.flightNumber && a.embarkDate === b.embarkDate && a.origin === b.origin;

  /** The whole purchase: both request forms come here. */
  async function book(
    caller: Caller,
    request: {
      type: TripType;
      flights: FlightChoice[];
      passengers: string[] | number;
      delegatedPassengerId: string | null | undefined;
      policyNumber: string | undefined;
      bookingRef: string | null | undefined;
    },
  ): Promise<Trip> {
    const covering = await policy(caller, request.policyNumber);
    request.flights.forEach((choice, index) => {
      if (request.flights.slice(0, index).some(sameFlight(choice)))
        throw new AppError('DUPLICATE_FLIGHT', {
          message: `${choice.flightNumber} on ${choice.embarkDate} is in this trip twice`,
        });
    });
    const resolved: Resolved[] = [];
    for (const [index, choice] of request.flights.entries()) {
      const found = await resolve(choice, index);
      const error = timingError(found.departureUtc, found.option.embarkDate, covering);
      if (error) throw error;
      resolved.push(found);
    }

    const own = await passengersOf(caller);
    let passengerIds: string[];
    if (Array.isArray(request.passengers)) {
      passengerIds = [...new Set(request.passengers)];
      const unknown = passengerIds.find((id) => !own.some((p) => p.id === id));
      if (unknown)
        throw new AppError('INVALID_PASSENGER', { message: `No passenger ${unknown} of yours` });
    } else {
      const holder = own.find((p) => p.accountHolder);
      if (!holder)
        throw new AppError('NO_DEFAULT_PASSENGER', {
          message: 'This account has no passenger of its own to cover',
        });
      passengerIds = [holder.id];
    }
    const count = Array.isArray(request.passengers) ? passengerIds.length : request.passengers;
    for (const { option } of resolved) {
      const problem = passengerCountProblem({
        selected: count,
        employee: caller.employee,
        limit: option.totalPassengers,
        form: 'blink',
      });
      if (problem)
        throw new AppError('INVALID_PARAMS', {
          message: `${option.flightNumber} carries at most ${option.totalPassengers} passengers`,
          field: 'passengers',
          details: [{ field: 'passengers', message: problem.key }],
        });
    }
    // A policy covers at most maxInsured people per trip, as the edit-trip dialog says it.
    const insured = passengerCountProblem({
      selected: count,
      employee: caller.employee,
      limit: covering?.maxInsured,
      form: 'edit',
    });
    if (insured)
      throw new AppError('INVALID_PARAMS', {
        message: `Policy ${covering?.externalPolicyNumber} covers at most ${covering?.maxInsured} people`,
        field: 'passengers',
        details: [{ field: 'passengers', message: insured.key }],
      });
    const delegated =
      request.delegatedPassengerId && passengerIds.includes(request.delegatedPassengerId)
        ? request.delegatedPassengerId
        : null;

    const now = clock.now();
    const trip = await repo.insertTrip(
      {
        userId: caller.userId,
        partnerId: caller.partnerId,
        type: request.type,
        bookingRef: request.bookingRef ?? null,
        policyNumber: covering?.externalPolicyNumber ?? null,
        delegatedPassengerId: delegated,
        createdAt: now,
      },
      resolved.map((r) => toNewFlight(r, now)),
      passengerIds,
      (open) => {
        const taken = resolved.find(({ option }) =>
          open.flights.some((f: FlightRow) => sameFlight(option)(f)),
        );
        if (taken)
          throw new AppError('FLIGHT_ALREADY_BOOKED', {
            message: `${taken.option.flightNumber} on ${taken.option.embarkDate} is already covered`,
          });
        if (open.trips >= MAX_OPEN_TRIPS)
          throw new AppError('MAX_TRIPS_EXCEEDED', {
            message: `At most ${MAX_OPEN_TRIPS} trips may be open at once`,
          });
      },
      now,
      (tx, created, covered) =>
        deps.events.emit(
          {
            partnerId: caller.partnerId,
            type: 'trip.covered',
            data: {
              tripId: created.id,
              userId: caller.userId,
              type: request.type,
              externalPolicyNumber: created.policyNumber,
              passengers: count,
              flights: covered.map((flight) => ({
                flightId: flight.id,
                flightNumber: flight.flightNumber,
                embarkDate: flight.embarkDate,
                origin: flight.origin,
                destination: flight.destination,
              })),
            },
          },
          tx,
        ),
    );
    return booked(caller, trip.id);
  }

  return {
    /** `GET /travel/flights/validate`: the legs the number flies that date, still coverable. */
    async validate(owner: Owner, query: FlightValidateQuery): Promise<{ flights: FlightOption[] }> {
      const covering = await policy(owner, query.policyNumber);
      checkDate(query.embarkDate, covering);
      const scheduled = await flights.schedules(query.flightNumber, query.embarkDate);
      const found = legOptions(scheduled, query.direction).filter(
        ({ option }) => !query.origin || option.origin === query.origin,
      );
      if (found.length === 0)
        throw new AppError('FLIGHT_SCHEDULE_NOT_FOUND', {
          message: `${query.flightNumber} is not scheduled on ${query.embarkDate}`,
        });
      return { flights: coverable(found, covering).map((f) => f.option) };
    },

    /** `POST /travel/flights`: the schedule's flight when it has it, else the one entered. */
    async userFlight(owner: Owner, request: UserFlightRequest): Promise<FlightOption> {
      const covering = await policy(owner, request.policyNumber);
      const local = request.embarkDateTime.replace(' ', 'T');
      const embarkDate = local.slice(0, 10);
      checkDate(embarkDate, covering, 'embarkDateTime');
      const scheduled = legOptions(
        await flights.schedules(request.flightNumber, embarkDate),
        request.direction,
      ).find(({ option }) => option.origin === request.origin);
      const found = scheduled ?? userProvided(request, local, 'origin');
      const error = timingError(
        found.departureUtc,
        found.option.embarkDate,
        covering,
        'embarkDateTime',
      );
      if (error) throw error;
      return found.option;
    },

    blinkIt: (caller: Caller, request: BlinkItRequest) =>
      book(caller, {
        type: request.type,
        flights: request.flights,
        passengers: request.passengers,
        delegatedPassengerId: request.delegatedPassengerId,
        policyNumber: request.policyNumber,
        bookingRef: request.bookingRef,
      }),

    /** The items form: every item's passengers are the trip's (they name the same people). */
    itemsTransaction: (caller: Caller, request: ItemsTransactionRequest) =>
      book(caller, {
        type: request.type,
        flights: request.items,
        passengers: [...new Set(request.items.flatMap((item) => item.passengers))],
        delegatedPassengerId: undefined,
        policyNumber: request.externalPolicyNumber,
        bookingRef: request.bookingRef,
      }),
  };
}
export type BookingService = ReturnType<typeof bookingService>;
