import type { policiesContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { PoliciesService } from './service.ts';

export const policiesRoutes = (policies: PoliciesService): Handlers<typeof policiesContracts> => ({
  list: (request) => policies.listForUser(request.caller),
  attach: (request) => policies.attach(request.caller, request.params.policyNumber),
  // Partner-level: the caller is the partner's back end or its staff; the partner is the
  // api-key's (the path names it, checked before the handler).
  save: (request) => policies.save(request.partner.id, request.body),
  update: (request) =>
    policies.update(request.partner.id, request.params.policyNumber, request.body),
  cancel: (request) => policies.cancel(request.partner.id, request.params.policyNumber),
});
