import type { policiesContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { PoliciesService } from './service.ts';

export const policiesRoutes = (policies: PoliciesService): Handlers<typeof policiesContracts> => ({
  list: (request) => policies.listForUser(request.caller),
});
