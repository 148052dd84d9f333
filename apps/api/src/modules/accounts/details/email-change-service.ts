import { randomUUID } from 'node:crypto';
import {
  AppError,
  localeCountry,
  normalizeEmail,
  type ChangeEmailRequest,
  type UserDetails,
} from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { NotificationsPort } from '../../../providers/notifications/port.ts';
import { renderTemplate } from '../../../providers/notifications/templates.ts';
import { partnerConfig, type PartnerRow } from '../../partners/index.ts';
import { codeHash, codeMatches, newCode } from '../codes.ts';
import type { EmailCodesRepo } from './email-codes-repo.ts';
import {
  EMAIL_CHANGES_PER_USER,
  MINUTE_MS,
  OTC_MAX_ATTEMPTS,
  CODE_SENDS_TO_NEW_DESTINATION,
  OTC_TTL_MS,
} from '../limits.ts';
import type { MfaService } from '../mfa/mfa-service.ts';
import type { Throttle } from '../throttle.ts';
import { emailUsedError, type UserRow, type UsersRepo } from '../users-repo.ts';

/**
 * Changing the email address a customer signs in with (spec 1 §7 changeEmail): the holder
 * proves it is them (password, or TOTP code with MFA on), a code goes to the new address, and
 * only its confirmation makes it the account's; the old address is then told, and the locale
 * becomes the user's language with the partner's default country. Codes: 6 digits,
 * 5 minutes, 5 tries, 3 sends per address in 15 minutes, only the latest counts.
 */
export function emailChangeService(deps: {
  repo: EmailCodesRepo;
  users: UsersRepo;
  mfa: Pick<MfaService, 'proveHolder'>;
  throttle: Throttle;
  notifications: NotificationsPort;
  clock: Clock;
  /** The user's details after the change, their other pages told. */
  changed: (userId: string) => Promise<UserDetails>;
}) {
  const { repo, users, mfa, throttle, notifications, clock, changed } = deps;

  return {
    async request(partner: PartnerRow, user: UserRow, request: ChangeEmailRequest) {
      const emailAddress = normalizeEmail(request.emailAddress);
      if (emailAddress === normalizeEmail(user.emailAddress))
        throw new AppError('VALIDATION_FAILED', {
          message: 'This is already the account’s email address',
          field: 'emailAddress',
          details: [{ field: 'emailAddress', message: 'validation.same_email' }],
        });
      // Counted before anything is looked up: the answers tell a free address from a taken
      // one, so one account may not ask about many.
      await throttle.consume('email-change', user.id, EMAIL_CHANGES_PER_USER);
      await mfa.proveHolder(user, request);
      if (await users.findByEmail(partner.id, emailAddress)) throw emailUsedError();
      await throttle.consume('email-code', emailAddress, CODE_SENDS_TO_NEW_DESTINATION);
      const id = randomUUID();
      const code = newCode();
      await repo.insert({
        id,
        userId: user.id,
        emailAddress,
        codeHash: codeHash(id, code),
        expiresAt: new Date(clock.now().getTime() + OTC_TTL_MS),
      });
      await notifications.send({
        channel: 'email',
        to: emailAddress,
        partnerId: partner.id,
        template: 'email-confirm',
        locale: user.locale,
        ...renderTemplate('email-confirm', user.locale, {
          code,
          minutes: OTC_TTL_MS / MINUTE_MS,
          partnerName: partner.name,
        }),
      });
      return { status: 'CODE_SENT' as const, emailAddress };
    },

    async confirm(partner: PartnerRow, user: UserRow, code: string): Promise<UserDetails> {
      const latest = await repo.latest(user.id);
      if (!latest || latest.expiresAt <= clock.now())
        throw new AppError('EXPIRED_CODE', { message: 'No live code: ask for a new one' });
      if (!(await repo.takeAttempt(latest.id, OTC_MAX_ATTEMPTS)))
        throw new AppError('TOO_MANY_ATTEMPTS', {
          message: 'Too many wrong codes: ask for a new one',
        });
      if (!codeMatches(latest.codeHash, latest.id, code))
        throw new AppError('INVALID_CODE', { message: 'The code is not right' });
      const language = user.locale.split('-')[0]!;
      const locale = `${language}-${localeCountry(partnerConfig(partner).defaultLocale)}`;
      const outcome = await repo.apply(latest, locale, clock.now());
      if (outcome === 'taken') throw emailUsedError();
      if (outcome === 'used')
        throw new AppError('EXPIRED_CODE', {
          message: 'The code is no longer valid: ask for a new one',
        });
      // The old address hears of it, so a change by someone else does not go unnoticed.
      await notifications.send({
        channel: 'email',
        to: user.emailAddress,
        partnerId: partner.id,
        template: 'email-changed',
        locale: user.locale,
        ...renderTemplate('email-changed', user.locale, {
          newEmail: latest.emailAddress,
          partnerName: partner.name,
        }),
      });
      return changed(user.id);
    },
  };
}
