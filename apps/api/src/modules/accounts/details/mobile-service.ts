import { randomUUID } from 'node:crypto';
import { AppError } from '@tern/domain';
import type { Jobs, Sealed } from '../../../jobs.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Encryption } from '../../../lib/encryption.ts';
import type { NotificationsPort } from '../../../providers/notifications/port.ts';
import { renderTemplate } from '../../../providers/notifications/templates.ts';
import type { PartnersService } from '../../partners/index.ts';
import { codeHash, codeMatches, newCode } from '../codes.ts';
import {
  MINUTE_MS,
  OTC_MAX_ATTEMPTS,
  CODE_SENDS_TO_NEW_DESTINATION,
  OTC_TTL_MS,
} from '../limits.ts';
import { accountsJobs } from '../jobs.ts';
import type { MobileCodesRepo } from './mobile-codes-repo.ts';
import type { Throttle } from '../throttle.ts';
import type { UserRow, UsersRepo } from '../users-repo.ts';

/** What the code's job carries, sealed. */
type MobileCodeToSend = { userId: string; mobilePhoneNumber: string; code: string };

/**
 * A changed mobile number becomes a one-time-code destination only once its holder confirms
 * a code sent to it (the shell issue's account-takeover fix): the number an account was
 * opened with is confirmed from the start. Codes: 6 digits, 5 minutes, 5 tries, 3 sends per
 * number in 15 minutes, only the latest counts.
 */
export function mobileService(deps: {
  repo: MobileCodesRepo;
  users: UsersRepo;
  throttle: Throttle;
  notifications: NotificationsPort;
  jobs: Jobs;
  encryption: Encryption;
  partners: Pick<PartnersService, 'byId'>;
  clock: Clock;
}) {
  const { repo, users, throttle, notifications, jobs, encryption, partners, clock } = deps;

  return {
    /** Texts a code to the user's unconfirmed number; nothing to do when it is confirmed. */
    async sendCode(user: UserRow): Promise<void> {
      const mobile = user.mobilePhoneNumber;
      if (!mobile || user.mobileConfirmed)
        throw new AppError('VALIDATION_FAILED', {
          message: 'There is no unconfirmed mobile number to send a code to',
          field: 'mobilePhoneNumber',
        });
      await throttle.consume('mobile-code', `${user.id}:${mobile}`, CODE_SENDS_TO_NEW_DESTINATION);
      const id = randomUUID();
      const code = newCode();
      await repo.insert({
        id,
        userId: user.id,
        mobilePhoneNumber: mobile,
        codeHash: codeHash(id, code),
        expiresAt: new Date(clock.now().getTime() + OTC_TTL_MS),
      });
      const job: MobileCodeToSend = { userId: user.id, mobilePhoneNumber: mobile, code };
      await jobs.add(accountsJobs.sendMobileCode, {
        sealed: encryption.encrypt(JSON.stringify(job)),
      });
    },

    /** The job: the code by SMS to the number it was made for. */
    async deliverCode({ sealed }: Sealed): Promise<void> {
      const { userId, mobilePhoneNumber, code } = JSON.parse(
        encryption.decrypt(sealed),
      ) as MobileCodeToSend;
      const user = await users.findById(userId);
      const partner = user && (await partners.byId(user.partnerId));
      if (!user || !partner) return;
      await notifications.send({
        channel: 'sms',
        to: mobilePhoneNumber,
        partnerId: partner.id,
        template: 'mobile-confirm',
        locale: user.locale,
        ...renderTemplate('mobile-confirm', user.locale, {
          code,
          minutes: OTC_TTL_MS / MINUTE_MS,
          partnerName: partner.name,
        }),
      });
    },

    /** The latest code, for the user's current number, confirms it. */
    async confirm(user: UserRow, code: string): Promise<void> {
      const latest = await repo.latest(user.id);
      const now = clock.now();
      if (!latest || latest.mobilePhoneNumber !== user.mobilePhoneNumber || latest.expiresAt <= now)
        throw new AppError('EXPIRED_CODE', { message: 'No live code: ask for a new one' });
      const tried = await repo.takeAttempt(latest.id, OTC_MAX_ATTEMPTS);
      if (!tried)
        throw new AppError('TOO_MANY_ATTEMPTS', {
          message: 'Too many wrong codes: ask for a new one',
        });
      if (!codeMatches(latest.codeHash, latest.id, code))
        throw new AppError('INVALID_CODE', { message: 'The code is not right' });
      if (!(await repo.confirm(latest, now)))
        throw new AppError('EXPIRED_CODE', {
          message: 'The code is no longer valid: ask for a new one',
        });
    },
  };
}
export type MobileService = ReturnType<typeof mobileService>;
