import {
  AppError,
  cleanPhone,
  commsTypeOf,
  type UserAccess,
  type UserDetails,
  type UserUpdateRequest,
} from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { Caller } from '../../../plugins/contracts.ts';
import type { LiveEvents } from '../../../live/events.ts';
import type { NotificationsPort } from '../../../providers/notifications/port.ts';
import { renderTemplate } from '../../../providers/notifications/templates.ts';
import type { PartnersService } from '../../partners/index.ts';
import { toUserAccess, toUserDetails } from '../mappers.ts';
import type { MfaService } from '../mfa/mfa-service.ts';
import type { MobileService } from './mobile-service.ts';
import type { NewComms, UserRow, UsersRepo } from '../users-repo.ts';

/** A user's details, access and their changes. Callers have passed the ownership check. */
export function usersService(deps: {
  repo: UsersRepo;
  clock: Clock;
  notifications: NotificationsPort;
  live: Pick<LiveEvents, 'publish'>;
  partners: Pick<PartnersService, 'byId'>;
  mobile: Pick<MobileService, 'sendCode'>;
  mfa: Pick<MfaService, 'proveHolder'>;
  /** The versions of the terms document a user of the partner may accept now. */
  termsVersions: (partnerId: string) => Promise<string[]>;
}) {
  const { repo, clock, notifications, live, partners, mobile, mfa, termsVersions } = deps;

  /** The changed details, after the user's other open pages are told to refresh theirs. */
  async function changed(userId: string): Promise<UserDetails> {
    await live.publish(userId, ['USER_DETAILS']);
    return details(userId);
  }

  /** A read of the user, or USER_NOT_FOUND. */
  function existing<Row>(row: Row | undefined, userId: string): Row {
    if (!row) throw new AppError('USER_NOT_FOUND', { message: `No user ${userId}` });
    return row;
  }

  async function load(userId: string): Promise<UserRow> {
    return existing(await repo.findById(userId), userId);
  }

  async function details(userId: string): Promise<UserDetails> {
    const { user, comms } = existing(await repo.findWithComms(userId), userId);
    return toUserDetails(user, comms);
  }

  /** The account's email is told of a new mobile number, so a change by someone else shows. */
  async function announceNewMobile(user: UserRow, number: string): Promise<void> {
    const partner = await partners.byId(user.partnerId);
    if (!partner) return;
    await notifications.send({
      channel: 'email',
      to: user.emailAddress,
      partnerId: partner.id,
      template: 'mobile-changed',
      locale: user.locale,
      ...renderTemplate('mobile-changed', user.locale, {
        endsWith: number.slice(-3),
        partnerName: partner.name,
      }),
    });
  }

  return {
    details,
    /** The user's row, for the services that work on it (USER_NOT_FOUND when gone). */
    row: load,
    /** The details after a mobile number was confirmed, the user's other pages told. */
    /** The details after a change made elsewhere, the user's other pages told. */
    changed,

    /** The user's access, as the session asking sees it (an acting agent, a widget's panels). */
    async access(userId: string, session: Pick<Caller, 'agentId' | 'panels'>): Promise<UserAccess> {
      return toUserAccess(existing(await repo.findAccess(userId), userId), session);
    },

    /**
     * `agentId`: the agent acting for the user, if any. Terms are accepted by the account
     * holder only, in the version they read: a stale page answers TERMS_OUTDATED.
     */
    async update(
      userId: string,
      change: UserUpdateRequest,
      agentId?: string,
    ): Promise<UserDetails> {
      const user = await load(userId);
      const values: Partial<UserRow> = {};
      if (change.firstName !== undefined) values.firstName = change.firstName.trim();
      if (change.surname !== undefined) values.surname = change.surname.trim();
      if (change.locale !== undefined) values.locale = change.locale;
      if (change.mobilePhoneNumber !== undefined) {
        const number = cleanPhone(change.mobilePhoneNumber);
        // A sign-in contact point: one-time codes go to it, so an agent changing it could
        // sign in as the customer. The account holder's alone (the details form may send it
        // back unchanged).
        if (agentId && number !== user.mobilePhoneNumber)
          throw new AppError('ACCOUNT_HOLDER_ONLY', {
            message: 'Only the account holder may change the mobile number they sign in with',
            field: 'mobilePhoneNumber',
          });
        if (number !== user.mobilePhoneNumber) {
          // The holder proves it is them first (password, or TOTP code with MFA on).
          await mfa.proveHolder(user, change);
          values.mobilePhoneNumber = number;
          // One-time codes go to it only once its holder confirms a code sent to it.
          values.mobileConfirmed = false;
        }
      }
      if (change.terms !== undefined && change.termsVersion !== undefined) {
        if (agentId)
          throw new AppError('ACCOUNT_HOLDER_ONLY', {
            message: 'Only the account holder may accept the terms',
          });
        if (!(await termsVersions(user.partnerId)).includes(change.termsVersion))
          throw new AppError('TERMS_OUTDATED', {
            message: `Terms version ${change.termsVersion} is not the current one`,
          });
        values.terms = change.terms;
        values.termsVersion = change.termsVersion;
        values.termsAcceptedAt = clock.now();
      }
      // `commsSms` and the TRANSACTIONAL_SMS entry are one fact: whichever a call changes, both
      // follow (an entry in `comms` has the last word over the flag).
      if (change.comms || change.commsSms !== undefined) {
        const stored = await repo.comms(user.id);
        const smsPreferred = stored.some((c) => c.commsId === 'TRANSACTIONAL_SMS' && c.preferred);
        const requested = [
          ...(change.commsSms !== undefined
            ? [
                {
                  commsId: 'TRANSACTIONAL_SMS' as const,
                  active: change.commsSms,
                  preferred: smsPreferred,
                },
              ]
            : []),
          ...(change.comms ?? []),
        ];
        const merged = mergeComms(stored, requested);
        await repo.setComms(user.id, merged);
        const sms = merged.find((entry) => entry.commsId === 'TRANSACTIONAL_SMS');
        if (sms) values.commsSms = sms.active;
      }
      const updated =
        Object.keys(values).length > 0 ? await repo.update(user.id, values, clock.now()) : user;
      if (updated && values.mobilePhoneNumber) {
        await announceNewMobile(user, values.mobilePhoneNumber);
        // The change is saved whatever happens to its code: when this number has had its
        // codes for now, the holder asks for one again later (POST …/mobile/code).
        await mobile.sendCode(updated).catch((error: unknown) => {
          if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
        });
      }
      return changed(user.id);
    },
  };
}

/**
 * The requested comms entries over the stored ones. An entry made preferred becomes the only
 * preferred one of its type (the client keeps one preferred marketing channel).
 */
function mergeComms(
  stored: { commsId: string; type: string; active: boolean; preferred: boolean }[],
  requested: NonNullable<UserUpdateRequest['comms']>,
): NewComms[] {
  const byId = new Map(stored.map((c) => [c.commsId, { ...c }]));
  for (const entry of requested) {
    const row = byId.get(entry.commsId);
    if (!row) continue;
    row.active = entry.active;
    row.preferred = entry.preferred;
    if (entry.preferred)
      for (const other of byId.values())
        if (other.commsId !== entry.commsId && other.type === commsTypeOf(entry.commsId))
          other.preferred = false;
  }
  return [...byId.values()];
}
