import {
  COMMS_IDS,
  accessProfileFor,
  commsTypeOf,
  localeLanguage,
  type CommsId,
  type AuditEntry,
  type Role,
  type StaffMember,
  type UserAccess,
  type UserDetails,
  widgetAccessProfile,
} from '@tern/domain';
import type { Caller } from '../../plugins/contracts.ts';
import type { AuditListing } from './audit-repo.ts';
import type { LinkRow } from './links/links-repo.ts';
import type { CommsEntry, NewComms, UserAccessRow, UserDetailsRow, UserRow } from './users-repo.ts';

/** The comms rows a new user starts with: transactional email on, SMS as chosen, no marketing. */
export const defaultComms = (commsSms: boolean): NewComms[] =>
  COMMS_IDS.map((commsId) => ({
    commsId,
    type: commsTypeOf(commsId),
    active: commsId === 'TRANSACTIONAL_EMAIL' || (commsId === 'TRANSACTIONAL_SMS' && commsSms),
    preferred: commsId === 'TRANSACTIONAL_EMAIL',
  }));

export const toUserDetails = (user: UserDetailsRow, comms: CommsEntry[]): UserDetails => ({
  id: user.id,
  userId: user.id,
  partnerId: user.partnerId,
  emailAddress: user.emailAddress,
  mobilePhoneNumber: user.mobilePhoneNumber,
  mobileConfirmed: user.mobileConfirmed,
  firstName: user.firstName,
  surname: user.surname,
  employee: user.employee ? 1 : 0,
  mfaEnabled: user.mfaEnabled,
  locale: user.locale,
  language: localeLanguage(user.locale),
  commsSms: user.commsSms,
  comms: comms.map((c) => ({
    commsId: c.commsId,
    type: commsTypeOf(c.commsId as CommsId),
    active: c.active,
    preferred: c.preferred,
  })),
  terms: user.terms === 'ACCEPTED' ? 'ACCEPTED' : 'PENDING',
  roles: user.roles as Role[],
});

/**
 * The access answer to a session: the roles' profile, in a widget session less what its
 * panels withhold (the panels' gate, spec 2 §6), and the agent acting for the user, if any.
 */
export const toUserAccess = (
  user: UserAccessRow,
  { agentId, panels }: Pick<Caller, 'agentId' | 'panels'>,
): UserAccess => {
  const profile = accessProfileFor(user.roles);
  return {
    accessProfile: panels ? widgetAccessProfile(profile, panels) : profile,
    roles: user.roles as Role[],
    accessGroup: { partnerId: user.partnerId },
    ...(agentId ? { agentId } : {}),
  };
};

export const toCustomerSummary = (user: UserRow) => ({
  userId: user.id,
  firstName: user.firstName,
  surname: user.surname,
  emailAddress: user.emailAddress,
});

/** A staff account in the admin console: its status from whether it is disabled. */
export const toStaffMember = (user: UserRow): StaffMember => ({
  id: user.id,
  firstName: user.firstName,
  surname: user.surname,
  emailAddress: user.emailAddress,
  roles: user.roles as Role[],
  status: user.disabledAt ? 'DISABLED' : 'ACTIVE',
  lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  invitationExpiresAt: null,
});

/** A staff invitation not yet used, listed among the staff under its own id. */
export const toInvitedStaff = (link: LinkRow): StaffMember => ({
  id: link.id,
  firstName: link.firstName,
  surname: link.surname,
  emailAddress: link.emailAddress,
  roles: link.roles as Role[],
  status: 'INVITED',
  lastSignInAt: null,
  invitationExpiresAt: link.expiresAt.toISOString(),
});

const nameOf = (person: AuditListing['staff']): string | null =>
  person.firstName === null ? null : `${person.firstName} ${person.surname ?? ''}`.trim();
const auditPerson = (person: AuditListing['staff']) => ({
  id: person.id,
  name: nameOf(person),
  emailAddress: person.emailAddress,
});

/** An audit entry as the admin console shows it: who, for whom, which call, which fields. */
export const toAuditEntry = ({ row, staff, customer }: AuditListing): AuditEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  staff: auditPerson(staff),
  customer: auditPerson(customer),
  action: row.action,
  statusCode: row.statusCode,
  fields: row.fields,
});
