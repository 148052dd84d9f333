import { AppError, accountsContracts, routeName, type StaffMember } from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { Caller } from '../../../plugins/contracts.ts';
import type { PartnerRow } from '../../partners/index.ts';
import { requireAdmin } from '../admin-only.ts';
import type { AuditRepo } from '../audit-repo.ts';
import { toStaffMember } from '../mappers.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import type { StaffRepo } from './staff-repo.ts';

const notFound = (userId: string) =>
  new AppError('USER_NOT_FOUND', { message: `No member of staff ${userId}` });

/**
 * An ADMIN disables a member of staff (every session of theirs ends at once, and they sign in
 * no more) or enables them again. Never themself, nor the partner's last active ADMIN. The
 * change is on the audit log, under the ADMIN and the account changed.
 */
export function updateStaff(deps: {
  repo: StaffRepo;
  sessions: Pick<SessionsService, 'revokeAllForUser'>;
  audit: AuditRepo;
  clock: Clock;
}) {
  const { repo, sessions, audit, clock } = deps;
  return async (
    caller: Caller,
    partner: PartnerRow,
    userId: string,
    disabled: boolean,
  ): Promise<StaffMember> => {
    requireAdmin(caller, 'MANAGE_STAFF');
    const member = await repo.findMember(partner.id, userId);
    // A customer, another partner's account, or nobody: all look the same.
    if (!member) throw notFound(userId);
    if (disabled && member.id === caller.userId)
      throw new AppError('CANNOT_DISABLE_SELF', { message: 'An ADMIN cannot disable themself' });
    if (disabled === (member.disabledAt !== null)) return toStaffMember(member);
    const changed = await repo.setDisabled(partner.id, userId, disabled, clock.now());
    if (changed === 'last-admin')
      throw new AppError('LAST_ACTIVE_ADMIN', {
        message: "The partner's last active ADMIN cannot be disabled",
      });
    if (!changed) throw notFound(userId);
    // The session check refuses a disabled account already; this also ends the live streams
    // and the sessions every instance has taken on trust.
    if (disabled) await sessions.revokeAllForUser(userId);
    await audit.record({
      partnerId: partner.id,
      agentId: caller.userId,
      userId,
      action: routeName(accountsContracts.updateStaff),
      statusCode: 200,
      fields: ['disabled'],
    });
    return toStaffMember(changed);
  };
}
