import { AppError, cleanPhone, type LoginResponse, normalizeEmail } from '@tern/domain';
import type { Jobs, Sealed } from '../../../jobs.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Encryption } from '../../../lib/encryption.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import type { NotificationsPort } from '../../../providers/notifications/port.ts';
import { renderTemplate } from '../../../providers/notifications/templates.ts';
import type { PartnerRow, PartnersService } from '../../partners/index.ts';
import { codeHash, codeMatches, newCode } from '../codes.ts';
import {
  MINUTE_MS,
  OTC_MAX_ATTEMPTS,
  OTC_SENDS_PER_DESTINATION,
  OTC_SENDS_PER_DESTINATION_AND_ADDRESS,
  OTC_TTL_MS,
} from '../limits.ts';
import { accountsJobs } from '../jobs.ts';
import type { MfaService } from '../mfa/mfa-service.ts';
import type { OtcRepo } from './otc-repo.ts';
import type { Throttle } from '../throttle.ts';
import type { UsersRepo } from '../users-repo.ts';

/** What the code's job carries, sealed. */
type CodeToSend = {
  partnerId: string;
  userId: string | null;
  channel: 'email' | 'sms';
  code: string;
};

/**
 * One-time-code sign-in (spec 1 §7): a 6-digit code sent by email or SMS, valid 5 minutes,
 * bound to the flow it was sent for, 5 tries.
 */
export function otcService(deps: {
  repo: OtcRepo;
  users: UsersRepo;
  mfa: MfaService;
  throttle: Throttle;
  notifications: NotificationsPort;
  jobs: Jobs;
  encryption: Encryption;
  partners: Pick<PartnersService, 'byId'>;
  clock: Clock;
}) {
  const { repo, users, mfa, throttle, notifications, jobs, encryption, partners, clock } = deps;

  /** An identifier names one account by email, or by a mobile number only one account has. */
  async function findUser(partnerId: string, identifier: string) {
    if (identifier.includes('@')) {
      const email = normalizeEmail(identifier);
      return {
        channel: 'email' as const,
        key: email,
        user: await users.findByEmail(partnerId, email),
      };
    }
    const phone = cleanPhone(identifier);
    const found = phone.startsWith('+') ? await users.findByPhone(partnerId, phone) : [];
    return { channel: 'sms' as const, key: phone, user: found.length === 1 ? found[0] : undefined };
  }

  /** The job: the code to the account's address or number, if the identifier named one. */
  async function sendCode({ sealed }: Sealed): Promise<void> {
    const { partnerId, userId, channel, code } = JSON.parse(
      encryption.decrypt(sealed),
    ) as CodeToSend;
    if (!userId) return;
    const [partner, user] = await Promise.all([partners.byId(partnerId), users.findById(userId)]);
    if (!partner || !user) return;
    await notifications.send({
      channel,
      to: channel === 'email' ? user.emailAddress : user.mobilePhoneNumber!,
      partnerId: partner.id,
      template: 'otc',
      locale: user.locale,
      ...renderTemplate('otc', user.locale, {
        code,
        minutes: OTC_TTL_MS / MINUTE_MS,
        partnerName: partner.name,
      }),
    });
  }

  return {
    sendCode,

    /**
     * Always answers a session id, after the same work, known identifier or not, so accounts
     * cannot be probed; the job sends the code only to a known account. Limited per
     * destination and client address, and (higher) per destination (limits.ts).
     */
    async request(
      partner: PartnerRow,
      identifier: string,
      client: string,
    ): Promise<{ sessionId: string }> {
      const { channel, key, user } = await findUser(partner.id, identifier.trim());
      const destination = `${partner.id}:${key}`;
      await throttle.consume(
        'otc-send-pair',
        `${destination}|${client}`,
        OTC_SENDS_PER_DESTINATION_AND_ADDRESS,
      );
      await throttle.consume('otc-send', destination, OTC_SENDS_PER_DESTINATION);
      const sessionId = randomToken(32);
      const code = newCode();
      await repo.insert({
        sessionHash: sha256(sessionId),
        partnerId: partner.id,
        userId: user?.id ?? null,
        // Bound to the flow's session id, itself stored only hashed.
        codeHash: codeHash(sessionId, code),
        expiresAt: new Date(clock.now().getTime() + OTC_TTL_MS),
      });
      const job: CodeToSend = { partnerId: partner.id, userId: user?.id ?? null, channel, code };
      await jobs.add(accountsJobs.sendCode, { sealed: encryption.encrypt(JSON.stringify(job)) });
      return { sessionId };
    },

    /** The code of this flow signs in (or asks for the TOTP code when MFA is on). */
    async confirm(
      partner: PartnerRow,
      input: { sessionId: string; code: string },
    ): Promise<LoginResponse> {
      const dead = () =>
        new AppError('SESSION_INVALID_CODE', {
          message: 'This sign-in has ended: ask for a new code',
        });
      const row = await repo.find(sha256(input.sessionId));
      if (!row || row.partnerId !== partner.id || row.usedAt || row.attempts >= OTC_MAX_ATTEMPTS)
        throw dead();
      if (row.expiresAt <= clock.now())
        throw new AppError('EXPIRED_CODE', { message: 'The code has expired: ask for a new one' });
      const tried = await repo.takeAttempt(row.id, OTC_MAX_ATTEMPTS);
      if (!tried) throw dead();
      const right = codeMatches(row.codeHash, input.sessionId, input.code);
      const user = right && row.userId ? await users.findById(row.userId) : undefined;
      if (!user) {
        if (tried.attempts >= OTC_MAX_ATTEMPTS)
          throw new AppError('TOO_MANY_ATTEMPTS', {
            message: 'Too many wrong codes: ask for a new one',
          });
        throw new AppError('INVALID_CODE', { message: 'The code is not right' });
      }
      if (!(await repo.markUsed(row.id, clock.now()))) throw dead();
      return mfa.signInOrChallenge(user);
    },
  };
}
