import {
  AppError,
  DAY_MS,
  LINK_TTL_DAYS,
  accountPages,
  cleanPhone,
  normalizeEmail,
  policyClaimError,
  policyUsedError,
  isStaffRole,
  type EnrolRequest,
  type LinkCreated,
  type LinkInvitation,
  type LinkInvitationRequest,
  type Role,
  type Session,
} from '@tern/domain';
import { isoDay, type Clock } from '../../../lib/clock.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import type { Caller } from '../../../plugins/contracts.ts';
import type { NotificationsPort } from '../../../providers/notifications/port.ts';
import { renderTemplate } from '../../../providers/notifications/templates.ts';
import { partnerConfig, portalOrigin, type PartnerRow } from '../../partners/index.ts';
import { requireAdmin } from '../admin-only.ts';
import { defaultComms } from '../mappers.ts';
import type { LinkRow, LinksRepo } from './links-repo.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import { emailUsedError, type UsersRepo } from '../users-repo.ts';

/** 24 random bytes: 192 bits, well past guessing. */
const LINK_ID_BYTES = 24;

/**
 * What an invitation holds: a customer's, as the partner's back end sends it (createLink), or
 * a member of staff's, who has no number the partner knows and gets the roles it names.
 */
export type Invitation = Omit<LinkInvitationRequest, 'mobilePhoneNumber'> & {
  mobilePhoneNumber?: string;
  /** The roles of the account enrolling with it: USER unless staff are invited. */
  roles?: Role[];
};

const notFound = () => new AppError('LINK_NOT_FOUND', { message: 'No such invitation' });
const used = () =>
  new AppError('LINK_ALREADY_USED', { message: 'This invitation has already been used' });

/**
 * Link invitations and enrolment (spec 1 §3, §4, §7): the partner's back end or an ADMIN
 * invites a customer, or an ADMIN a member of staff (the admin console); the link prefills
 * enrolment, which creates the account with the invitation's email, roles and policy, uses
 * the link and signs in, in one transaction.
 */
export function linksService(deps: {
  repo: LinksRepo;
  users: UsersRepo;
  sessions: SessionsService;
  notifications: NotificationsPort;
  clock: Clock;
}) {
  const { repo, users, sessions, notifications, clock } = deps;

  /** The invitation a link id names, of this partner; used ones answer 409. */
  async function live(partner: PartnerRow, linkId: string): Promise<LinkRow> {
    const link = await repo.findByHash(sha256(linkId));
    if (link?.partnerId !== partner.id) throw notFound();
    if (link.secondaryId) throw used();
    return link;
  }

  /**
   * `caller` null: the partner's back end (or the `npm run invite` CLI). Among staff, only
   * an ADMIN in their own session invites.
   */
  async function invite(
    partner: PartnerRow,
    caller: Caller | null,
    request: Invitation,
  ): Promise<{ created: LinkCreated; row: LinkRow }> {
    if (caller) requireAdmin(caller, 'INVITE');
    const linkId = randomToken(LINK_ID_BYTES);
    const days = request.expiresInDays ?? LINK_TTL_DAYS;
    const locale = request.locale ?? partnerConfig(partner).defaultLocale;
    const roles = request.roles ?? ['USER'];
    const row = await repo.insert({
      partnerId: partner.id,
      linkHash: sha256(linkId),
      firstName: request.firstName.trim(),
      surname: request.surname.trim(),
      mobilePhoneNumber: request.mobilePhoneNumber ? cleanPhone(request.mobilePhoneNumber) : null,
      emailAddress: normalizeEmail(request.emailAddress),
      externalPolicyNumber: request.externalPolicyNumber?.trim() || null,
      roles,
      locale,
      expiresAt: new Date(clock.now().getTime() + days * DAY_MS),
      createdBy: caller?.userId ?? null,
    });
    const url = `${portalOrigin(partner)}${accountPages.enrol}/${linkId}`;
    // Staff are invited to the partner's team, customers to their cover.
    const template = roles.some(isStaffRole) ? 'staff-invitation' : 'link-invitation';
    if (request.send)
      await notifications.send({
        channel: 'email',
        to: row.emailAddress,
        partnerId: partner.id,
        template,
        locale,
        ...renderTemplate(template, locale, {
          firstName: row.firstName,
          link: url,
          days,
          partnerName: partner.name,
        }),
      });
    return { created: { linkId, url, expiresAt: row.expiresAt.toISOString() }, row };
  }

  return {
    invite,

    /**
     * A customer's invitation, made by the partner's back end or an ADMIN (createLink): its
     * link. Always a customer's: staff are invited through the admin console.
     */
    create: async (
      partner: PartnerRow,
      caller: Caller | null,
      request: LinkInvitationRequest,
    ): Promise<LinkCreated> =>
      (await invite(partner, caller, { ...request, roles: ['USER'] })).created,

    /** Spec 1 §4: used → 409 LINK_ALREADY_USED; expired or withdrawn → active 0. */
    async lookup(partner: PartnerRow, linkId: string): Promise<LinkInvitation> {
      const link = await live(partner, linkId);
      return {
        linkId,
        firstName: link.firstName,
        surname: link.surname,
        // Staff have none yet: they type theirs at enrolment.
        mobilePhoneNumber: link.mobilePhoneNumber ?? '',
        emailAddress: link.emailAddress,
        externalPolicyNumber: link.externalPolicyNumber,
        secondaryId: null,
        active: link.active && link.expiresAt > clock.now() ? 1 : 0,
      };
    },

    /** The account, its policy, the link used and a session; or why not. */
    async enrol(partner: PartnerRow, linkId: string, request: EnrolRequest): Promise<Session> {
      const link = await live(partner, linkId);
      const now = clock.now();
      if (!link.active || link.expiresAt <= now)
        throw new AppError('EXPIRED_OR_INACTIVE', { message: 'This invitation has expired' });
      if (await users.findByEmail(partner.id, link.emailAddress)) throw emailUsedError();
      let policyId: string | undefined;
      if (link.externalPolicyNumber) {
        const policy = await users.findPolicyByNumber(partner.id, link.externalPolicyNumber);
        const refused = policyClaimError(
          policy && { ...policy, linked: policy.userId !== null },
          isoDay(now),
        );
        if (refused) throw refused;
        policyId = policy!.id;
      }
      const result = await users.create(
        {
          partnerId: partner.id,
          emailAddress: link.emailAddress,
          passwordHash: await hashPassword(request.password),
          firstName: request.firstName.trim(),
          surname: request.surname.trim(),
          // The partner knows this number: it is confirmed from the start, as at registration.
          // Staff have none until they give theirs, confirmed by a code (PATCH after enrol).
          mobilePhoneNumber: link.mobilePhoneNumber,
          locale: request.locale,
          commsSms: request.commsSms,
          roles: link.roles,
          terms: 'PENDING',
          mfaEnabled: false,
        },
        defaultComms(request.commsSms),
        policyId,
        { id: link.id, now },
      );
      if ('conflict' in result) {
        // A parallel enrolment with this link won (it took the email first, or the link).
        const latest = await repo.findByHash(link.linkHash);
        if (result.conflict === 'link' || latest?.secondaryId) throw used();
        if (result.conflict === 'policy') throw policyUsedError();
        throw emailUsedError();
      }
      return sessions.open({ userId: result.user.id, partnerId: partner.id });
    },
  };
}
export type LinksService = ReturnType<typeof linksService>;
