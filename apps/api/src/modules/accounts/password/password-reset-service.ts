import { AppError, accountPages, normalizeEmail } from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import type { Jobs } from '../../../jobs.ts';
import type { NotificationsPort } from '../../../providers/notifications/port.ts';
import { renderTemplate } from '../../../providers/notifications/templates.ts';
import { portalOrigin, type PartnerRow, type PartnersService } from '../../partners/index.ts';
import {
  MINUTE_MS,
  RESETS_PER_EMAIL,
  RESETS_PER_EMAIL_AND_ADDRESS,
  RESET_TTL_MS,
} from '../limits.ts';
import { accountsJobs, type AddressPayload } from '../jobs.ts';
import type { LoginService } from '../sign-in/login-service.ts';
import type { ResetsRepo } from './resets-repo.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import type { Throttle } from '../throttle.ts';
import type { UsersRepo } from '../users-repo.ts';

/** Forgotten password: a single-use link by email, valid 30 minutes (spec 1 §7). */
export function passwordResetService(deps: {
  repo: ResetsRepo;
  users: UsersRepo;
  sessions: SessionsService;
  throttle: Throttle;
  /** The password login's limits, which a reset lifts. */
  login: Pick<LoginService, 'clearLimits'>;
  notifications: NotificationsPort;
  jobs: Jobs;
  partners: Pick<PartnersService, 'byId'>;
  clock: Clock;
}) {
  const { repo, users, sessions, throttle, login, notifications, jobs, partners, clock } = deps;

  /** Why a link does not work: used (or another of the user's was), else expired or unknown. */
  async function whyNot(partner: PartnerRow, token: string): Promise<AppError> {
    const link = await repo.find(sha256(token), partner.id);
    return link?.usedAt
      ? new AppError('RESET_LINK_USED', {
          message: 'This reset link, or another sent with it, was used: ask for a new one',
        })
      : new AppError('EXPIRED_CODE', {
          message: 'This reset link is expired or unknown: ask for a new one',
          field: 'token',
        });
  }

  return {
    /** Whether a link still works, so its page can say so before the form is filled. */
    async checkLink(partner: PartnerRow, token: string): Promise<void> {
      const link = await repo.find(sha256(token), partner.id);
      if (!link || link.usedAt || link.expiresAt <= clock.now()) throw await whyNot(partner, token);
    },

    /**
     * The same answer, after the same work, whether or not the address has an account: the
     * lookup and the link are a job's, so not even the answer time tells accounts apart.
     */
    async requestReset(
      partner: PartnerRow,
      input: { emailAddress: string },
      client: string,
    ): Promise<void> {
      const email = normalizeEmail(input.emailAddress);
      const destination = `${partner.id}:${email}`;
      await throttle.consume(
        'reset-pair',
        `${destination}|${client}`,
        RESETS_PER_EMAIL_AND_ADDRESS,
      );
      await throttle.consume('reset', destination, RESETS_PER_EMAIL);
      await jobs.add(accountsJobs.sendResetLink, { partnerId: partner.id, emailAddress: email });
    },

    /** The job: a link to the account of the address, if there is one. */
    async sendLink({ partnerId, emailAddress }: AddressPayload): Promise<void> {
      const [partner, user] = await Promise.all([
        partners.byId(partnerId),
        users.findByEmail(partnerId, emailAddress),
      ]);
      if (!partner || !user) return;
      const token = randomToken(32);
      const now = clock.now();
      await repo.insert({
        tokenHash: sha256(token),
        userId: user.id,
        partnerId: partner.id,
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      });
      const link = `${portalOrigin(partner)}${accountPages.resetPassword}?token=${token}`;
      await notifications.send({
        channel: 'email',
        to: user.emailAddress,
        partnerId: partner.id,
        template: 'password-reset',
        locale: user.locale,
        ...renderTemplate('password-reset', user.locale, {
          link,
          minutes: RESET_TTL_MS / MINUTE_MS,
          partnerName: partner.name,
        }),
      });
    },

    /**
     * Sets the new password and ends every session of the user. It does not sign in, and
     * leaves MFA as it is: the next login still asks for the TOTP code. The wrong passwords
     * tried so far stop counting, so the owner signs in with the new one at once, even while
     * password sign-in to the account was paused.
     */
    async reset(partner: PartnerRow, input: { token: string; password: string }): Promise<void> {
      // Hashed before the link is used, so a slow hash cannot leave a used link unapplied.
      const passwordHash = await hashPassword(input.password);
      const link = await repo.use(sha256(input.token), partner.id, clock.now());
      if (!link) throw await whyNot(partner, input.token);
      const user = await users.update(link.userId, { passwordHash }, clock.now());
      if (!user) throw new AppError('USER_NOT_FOUND', { message: 'The account is gone' });
      await sessions.revokeAllForUser(user.id);
      await login.clearLimits(partner.id, user.emailAddress);
    },
  };
}
