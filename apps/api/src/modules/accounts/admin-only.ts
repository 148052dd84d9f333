import { AppError, isOwnAdmin, type AdminConsoleAction } from '@tern/domain';
import type { Caller } from '../../plugins/contracts.ts';

/**
 * Among staff, only an ADMIN in their own session (not one acting for a customer) invites
 * people and runs the admin console: the access profile's `admin-console` action decides, as
 * it decides what the portal shows. Anyone else gets 403 PARTNER_ONLY, so an agent's session
 * stays open.
 */
export function requireAdmin(caller: Caller, action: AdminConsoleAction): void {
  if (!isOwnAdmin(caller.roles, caller.agentId, action))
    throw new AppError('PARTNER_ONLY', { message: 'ADMIN only among staff' });
}
