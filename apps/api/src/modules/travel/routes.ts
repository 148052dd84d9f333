import type { travelContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { TravelService } from './service.ts';

export const travelRoutes = (travel: TravelService): Handlers<typeof travelContracts> => ({
  passengers: (request) => travel.listPassengers(request.caller),
  trips: (request) => travel.listTrips(request.caller),
});
