import { normalizeEmail, type StaffInvitationRequest, type StaffMember } from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { Caller } from '../../../plugins/contracts.ts';
import type { PartnerRow } from '../../partners/index.ts';
import { requireAdmin } from '../admin-only.ts';
import type { LinksService } from '../links/links-service.ts';
import { toInvitedStaff } from '../mappers.ts';
import { emailUsedError, type UsersRepo } from '../users-repo.ts';
import type { StaffRepo } from './staff-repo.ts';

/**
 * An ADMIN invites an AGENT or ADMIN: the link invitation customers enrol with (the links
 * service makes and emails it), carrying the role. The link goes to the invitee's address only
 * and is not answered: whoever holds it sets the account's password.
 */
export function inviteStaff(deps: {
  links: Pick<LinksService, 'invite'>;
  repo: StaffRepo;
  users: UsersRepo;
  clock: Clock;
}) {
  const { links, repo, users, clock } = deps;
  return async (
    caller: Caller,
    partner: PartnerRow,
    request: StaffInvitationRequest,
  ): Promise<StaffMember> => {
    requireAdmin(caller, 'MANAGE_STAFF');
    const emailAddress = normalizeEmail(request.emailAddress);
    // Enrolment would refuse it later; the ADMIN learns it now.
    if (await users.findByEmail(partner.id, emailAddress)) throw emailUsedError();
    // One live invitation per address: inviting again (a lost email) replaces the link.
    await repo.withdrawInvitations(partner.id, emailAddress, clock.now());
    const { row } = await links.invite(partner, caller, {
      firstName: request.firstName,
      surname: request.surname,
      emailAddress,
      roles: [request.role],
      ...(request.locale ? { locale: request.locale } : {}),
      send: true,
    });
    return toInvitedStaff(row);
  };
}
