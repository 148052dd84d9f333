import {
  AppError,
  offersArea,
  type BusinessItemsTransaction,
  type InsuredItem,
  type travelContracts,
} from '@tern/domain';
import { sendWritten, writtenBy } from '../../db/answer-cache.ts';
import type { Handlers, Owner } from '../../plugins/contracts.ts';
import { partnerConfig, type PartnerRow } from '../partners/index.ts';
import type { BookingService } from './booking-service.ts';
import type { TravelService } from './service.ts';
import type { WatchService } from './watch.ts';

export const travelRoutes = (
  travel: TravelService,
  booking: BookingService,
  watch: WatchService,
  checkNow: (keys: Parameters<WatchService['checkKey']>[0][]) => Promise<void>,
  /** The claims area's purchase of businesses (the same items route, tag `business`). */
  insureBusinesses: (
    owner: Owner,
    partner: PartnerRow,
    order: BusinessItemsTransaction,
  ) => Promise<InsuredItem[]>,
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
  // One route insures flights or businesses: each only where the partner sells it.
  itemsTransaction: (request) => {
    const { body } = request;
    const sold = offersArea(
      partnerConfig(request.partner),
      body.tag === 'business' ? 'claims' : 'travel',
    );
    if (!sold)
      throw new AppError('PROPOSITION_INVALID', {
        message: `${request.partner.name} does not insure ${body.tag === 'business' ? 'businesses' : 'flights'}`,
      });
    return body.tag === 'business'
      ? insureBusinesses(request.caller, request.partner, body)
      : booking.itemsTransaction(request.caller, body);
  },
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
