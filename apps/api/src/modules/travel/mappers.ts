import {
  toFlag,
  type Flight,
  type FlightAlert,
  type FlightDirection,
  type Passenger,
  type Trip,
  type TripType,
} from '@tern/domain';
import type { FlightAlertRow, FlightRow, PassengerRow, TripPassengerRow, TripRow } from './repo.ts';

export const toPassenger = (row: PassengerRow): Passenger => ({
  passengerId: row.id,
  userId: row.userId,
  partnerId: row.partnerId,
  name: row.name,
  surname: row.surname,
  mobilePhoneNumber: row.mobilePhoneNumber,
  active: toFlag(row.active),
  accountHolder: toFlag(row.accountHolder),
  created: row.createdAt.toISOString(),
});

export const toFlight = (row: FlightRow): Flight => ({
  flightId: row.id,
  tripId: row.tripId,
  flightNumber: row.flightNumber,
  embarkDate: row.embarkDate,
  embarkTime: row.embarkTime,
  origin: row.origin,
  originAirport: row.originAirport,
  destination: row.destination,
  destinationAirport: row.destinationAirport,
  arrivalDate: row.arrivalDate,
  arrivalTime: row.arrivalTime,
  terminal: row.terminal,
  direction: row.direction as FlightDirection,
  flightType: row.flightType as Flight['flightType'],
  totalPassengers: row.totalPassengers,
  cancelled: toFlag(row.cancelled),
  active: toFlag(row.active),
  departed: toFlag(row.departed),
  alerted: toFlag(row.alerted),
  notified: toFlag(row.notified),
  isMonitored: toFlag(row.isMonitored),
});

export const toTrip = (
  row: TripRow,
  flights: FlightRow[],
  passengers: TripPassengerRow[],
  alerts: FlightAlertRow[],
): Trip => ({
  tripId: row.id,
  type: row.type as TripType,
  bookingRef: row.bookingRef,
  policyNumber: row.policyNumber,
  flights: flights.map(toFlight),
  passengers: passengers.map((p) => ({ passengerId: p.id, name: p.name, surname: p.surname })),
  alerts: alerts.map(toFlightAlert),
  delegated_passenger_id: row.delegatedPassengerId,
  created: row.createdAt.toISOString(),
});

export const toFlightAlert = (row: FlightAlertRow): FlightAlert => ({
  flightId: row.flightId,
  alertType: row.alertType as FlightAlert['alertType'],
  delayDate: row.delayDate,
  source: row.source as FlightAlert['source'],
  created: row.createdAt.toISOString(),
});
