import { toFlag, type FlightAlert, type Passenger } from '@tern/domain';
import type { FlightAlertRow, PassengerRow } from './repo.ts';

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

export const toFlightAlert = (row: FlightAlertRow): FlightAlert => ({
  flightId: row.flightId,
  alertType: row.alertType as FlightAlert['alertType'],
  delayDate: row.delayDate,
  source: row.source as FlightAlert['source'],
  created: row.createdAt.toISOString(),
});
