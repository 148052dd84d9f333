import type { resolutionsContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { ResolutionsService } from './service.ts';
import type { ResolutionViews } from './views.ts';

export const resolutionsRoutes = (
  service: ResolutionsService,
  views: ResolutionViews,
): Handlers<typeof resolutionsContracts> => ({
  options: (request) => views.options(request.caller, request.query),
  select: async (request) =>
    views.ofResolution(request.caller, await service.select(request.caller, request.body)),
  confirm: async (request) =>
    views.ofResolution(
      request.caller,
      await service.confirm(request.caller, request.params.resolutionId),
    ),
  update: async (request) =>
    views.ofResolution(
      request.caller,
      await service.update(request.caller, request.params.resolutionId, request.body),
    ),
  pass: (request) => views.pass(request.caller, request.params.passId),
});
