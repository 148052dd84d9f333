import type { Passenger, Trip } from '@tern/domain';
import type { Owner } from '../../plugins/contracts.ts';
import { toPassenger, toTrip } from './mappers.ts';
import type { TravelRepo } from './repo.ts';

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
export const byFirstDepartureNewestFirst = (a: Trip, b: Trip): number => {
  const [da, db] = [firstDeparture(a), firstDeparture(b)];
  if (da !== db) {
    if (!da) return 1;
    if (!db) return -1;
    return da < db ? 1 : -1;
  }
  return a.created < b.created ? 1 : a.created > b.created ? -1 : 0;
};

/** Passengers and trips. Any configuration's users may have them: none gives an empty list. */
export function travelService(deps: { repo: TravelRepo }) {
  const { repo } = deps;
  return {
    async listPassengers(owner: Owner): Promise<Passenger[]> {
      const rows = await repo.listPassengers(owner.userId, owner.partnerId);
      return rows.map(toPassenger);
    },

    async listTrips(owner: Owner): Promise<Trip[]> {
      const rows = await repo.listTrips(owner.userId, owner.partnerId);
      const tripIds = rows.map((t) => t.id);
      const [flights, passengers] = await Promise.all([
        repo.flightsOf(tripIds),
        repo.passengersOf(tripIds),
      ]);
      const alerts = await repo.alertsOf(flights.map((f) => f.id));
      return rows
        .map((trip) => {
          const tripFlights = flights.filter((f) => f.tripId === trip.id);
          const flightIds = new Set(tripFlights.map((f) => f.id));
          return toTrip(
            trip,
            tripFlights,
            passengers.filter((p) => p.tripId === trip.id),
            alerts.filter((a) => flightIds.has(a.flightId)),
          );
        })
        .sort(byFirstDepartureNewestFirst);
    },
  };
}
export type TravelService = ReturnType<typeof travelService>;
