import { walletPassFileName, type resolutionsContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { AnswersService } from './answers-service.ts';
import type { ResolutionViews } from './views.ts';

export const resolutionsRoutes = (
  answers: AnswersService,
  views: ResolutionViews,
): Handlers<typeof resolutionsContracts> => ({
  options: (request) => views.options(request.caller, request.partner, request.query),
  select: async (request) =>
    views.ofResolution(
      request.caller,
      request.partner,
      await answers.select(request.caller, request.body),
    ),
  confirm: async (request) =>
    views.ofResolution(
      request.caller,
      request.partner,
      await answers.confirm(request.caller, request.params.resolutionId),
    ),
  update: async (request) =>
    views.ofResolution(
      request.caller,
      request.partner,
      await answers.update(request.caller, request.params.resolutionId, request.body),
    ),
  pass: (request) => views.pass(request.caller, request.params.passId),
  walletPass: async (request, reply) => {
    const { code, file } = await views.walletPass(request.caller, request.params.passId);
    // A download, saved under the pass's code; never kept by a browser or a proxy.
    void reply
      .header('content-disposition', `attachment; filename="${walletPassFileName(code)}"`)
      .header('cache-control', 'no-store');
    return file;
  },
});
