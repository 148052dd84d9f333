import type { travelContracts } from '@tern/domain';
import { sendWritten, writtenBy } from '../../db/answer-cache.ts';
import type { Handlers } from '../../plugins/contracts.ts';
import { partnerConfig } from '../partners/index.ts';
import type { BookingService } from './booking-service.ts';
import type { TravelService } from './service.ts';
import type { WatchService } from './watch.ts';

export const travelRoutes = (
  travel: TravelService,
  booking: BookingService,
  watch: WatchService,
  checkNow: (keys: Parameters<WatchService['checkKey']>[0][]) => Promise<void>,
): Handlers<typeof travelContracts> => ({
  passengers: (request) => travel.listPassengers(request.caller),
  addPassenger: (request) =>
    travel.addPassenger(request.caller, partnerConfig(request.partner), request.body),
  updatePassenger: (request) =>
    travel.updatePassenger(request.caller, request.params.passengerId, request.body),
  removePassenger: (request) => travel.removePassenger(request.caller, request.params.passengerId),
  trips: (request, reply) =>
    sendWritten(reply, travel.tripsAnswer(request.caller, writtenBy(reply))),
  updateTrip: (request) => travel.updateTrip(request.caller, request.params.tripId, request.body),
  cancelTrip: (request) => travel.cancelTrip(request.caller, request.params.tripId),
  validateFlight: (request) => booking.validate(request.caller, request.query),
  userFlight: (request) => booking.userFlight(request.caller, request.body),
  blinkIt: (request) => booking.blinkIt(request.caller, request.body),
  itemsTransaction: (request) => booking.itemsTransaction(request.caller, request.body),
  alert: (request) =>
    watch.customerAlert(
      request.caller,
      request.params.tripId,
      request.params.flightId,
      request.body,
    ),
  notifyAlert: async (request) => {
    const { all, keys } = await watch.flightsToCheck(request.caller, request.body);
    await checkNow(keys);
    return { flights: all };
  },
});
