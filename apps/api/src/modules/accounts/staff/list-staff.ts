import type { StaffMember } from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { Caller } from '../../../plugins/contracts.ts';
import type { PartnerRow } from '../../partners/index.ts';
import { requireAdmin } from '../admin-only.ts';
import { toInvitedStaff, toStaffMember } from '../mappers.ts';
import type { StaffRepo } from './staff-repo.ts';

/** The admin console's staff list: the partner's agents and administrators, then invitations. */
export function listStaff(deps: { repo: StaffRepo; clock: Clock }) {
  return async (caller: Caller, partner: PartnerRow): Promise<StaffMember[]> => {
    requireAdmin(caller, 'MANAGE_STAFF');
    const { members, invited } = await deps.repo.list(partner.id, deps.clock.now());
    return [...members.map(toStaffMember), ...invited.map(toInvitedStaff)];
  };
}
