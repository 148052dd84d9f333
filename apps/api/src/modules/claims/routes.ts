import type { claimsContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { ClaimsService } from './service.ts';

export const claimsRoutes = (claims: ClaimsService): Handlers<typeof claimsContracts> => ({
  items: (request) => claims.listItems(request.caller),
  alerts: (request) => claims.listAlerts(request.caller, request.query),
});
