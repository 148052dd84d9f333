import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flightAlerts, flights, passengers, tripPassengers, trips } from './tables.ts';

export type PassengerRow = typeof passengers.$inferSelect;
export type TripRow = typeof trips.$inferSelect;
export type FlightRow = typeof flights.$inferSelect;
export type FlightAlertRow = typeof flightAlerts.$inferSelect;
export type TripPassengerRow = Pick<PassengerRow, 'id' | 'name' | 'surname'> & { tripId: string };

export function travelRepo(db: Db) {
  return {
    /** A user's active passengers: the account holder first, then in the order added. */
    async listPassengers(userId: string, partnerId: string): Promise<PassengerRow[]> {
      return db
        .select()
        .from(passengers)
        .where(
          and(
            eq(passengers.userId, userId),
            eq(passengers.partnerId, partnerId),
            eq(passengers.active, true),
          ),
        )
        .orderBy(desc(passengers.accountHolder), asc(passengers.createdAt), asc(passengers.id));
    },

    async listTrips(userId: string, partnerId: string): Promise<TripRow[]> {
      return db
        .select()
        .from(trips)
        .where(
          and(eq(trips.userId, userId), eq(trips.partnerId, partnerId), eq(trips.active, true)),
        );
    },

    /** Flights of the trips, each trip's in departure order. */
    async flightsOf(tripIds: string[]): Promise<FlightRow[]> {
      if (tripIds.length === 0) return [];
      return db
        .select()
        .from(flights)
        .where(inArray(flights.tripId, tripIds))
        .orderBy(asc(flights.embarkDate), asc(flights.embarkTime), asc(flights.id));
    },

    async passengersOf(tripIds: string[]): Promise<TripPassengerRow[]> {
      if (tripIds.length === 0) return [];
      return db
        .select({
          tripId: tripPassengers.tripId,
          id: passengers.id,
          name: passengers.name,
          surname: passengers.surname,
        })
        .from(tripPassengers)
        .innerJoin(passengers, eq(passengers.id, tripPassengers.passengerId))
        .where(inArray(tripPassengers.tripId, tripIds))
        .orderBy(desc(passengers.accountHolder), asc(passengers.createdAt), asc(passengers.id));
    },

    /** Alerts of the flights, newest first. */
    async alertsOf(flightIds: string[]): Promise<FlightAlertRow[]> {
      if (flightIds.length === 0) return [];
      return db
        .select()
        .from(flightAlerts)
        .where(inArray(flightAlerts.flightId, flightIds))
        .orderBy(desc(flightAlerts.createdAt), asc(flightAlerts.id));
    },
  };
}
export type TravelRepo = ReturnType<typeof travelRepo>;
