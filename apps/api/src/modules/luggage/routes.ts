import type { luggageContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { LuggageService } from './service.ts';

export const luggageRoutes = (luggage: LuggageService): Handlers<typeof luggageContracts> => ({
  bags: (request) => luggage.listBags(request.caller),
});
