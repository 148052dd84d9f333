import type { luggageContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { LuggageService } from './service.ts';

export const luggageRoutes = (luggage: LuggageService): Handlers<typeof luggageContracts> => ({
  bags: (request) => luggage.listBags(request.caller),
  reportBag: (request) => luggage.report(request.caller, request.body),
  bag: (request) => luggage.bag(request.caller, request.params.bagId),
  updateBag: (request) => luggage.update(request.caller, request.params.bagId, request.body),
  removeBag: (request) => luggage.remove(request.caller, request.params.bagId),
  attach: (request) =>
    luggage.attach(request.caller, request.params.bagId, request.upload, request.query.name),
  attachment: (request) => luggage.attachment(request.caller, request.params),
});
