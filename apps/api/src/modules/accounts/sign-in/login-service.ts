import { AppError, type LoginResponse, normalizeEmail } from '@tern/domain';
import type { Jobs } from '../../../jobs.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import { randomToken } from '../../../lib/secrets.ts';
import type { NotificationsPort } from '../../../providers/notifications/port.ts';
import { renderTemplate } from '../../../providers/notifications/templates.ts';
import type { PartnerRow, PartnersService } from '../../partners/index.ts';
import {
  ACCOUNT_LOCK,
  GUESSING_NOTICE_AT,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_PER_ACCOUNT_AND_ADDRESS,
} from '../limits.ts';
import { accountsJobs, type AddressPayload } from '../jobs.ts';
import type { MfaService } from '../mfa/mfa-service.ts';
import type { Throttle } from '../throttle.ts';
import type { UsersRepo } from '../users-repo.ts';

const incorrect = () =>
  new AppError('INCORRECT_CREDENTIALS', { message: 'The email address or password is wrong' });

/**
 * The limits of password sign-in, keyed as typed (an unknown email is limited like a known
 * one, so the answers tell no accounts apart): per account and client address (`pair`), per
 * address (`address`), per account from every address (`failures`, then `lock`).
 */
const buckets = {
  pair: 'login-pair',
  address: 'login-address',
  failures: 'login-account',
  lock: 'login-lock',
} as const;
const accountKey = (partnerId: string, email: string) => `${partnerId}:${email}`;
/** The account first: a reset clears the account's pairs from every address by this prefix. */
const pairKey = (account: string, address: string) => `${account}|${address}`;

/**
 * Password login (spec 1 §7 POST /platform/user/login) and its limits (ADR 0010): a guesser
 * is stopped per account and address, so the owner signs in from anywhere else at once; only
 * many addresses together pause password sign-in to the account, for longer each time, while
 * a one-time code or a reset still lets the owner in; the owner is told by email.
 */
export function loginService(deps: {
  users: UsersRepo;
  mfa: MfaService;
  throttle: Throttle;
  jobs: Pick<Jobs, 'add'>;
  notifications: NotificationsPort;
  partners: Pick<PartnersService, 'byId'>;
  /** Replaceable so a test can see which hash an unknown email was checked against. */
  passwords?: { hash: typeof hashPassword; verify: typeof verifyPassword };
}) {
  const { users, mfa, throttle, jobs, notifications, partners } = deps;
  const passwords = deps.passwords ?? { hash: hashPassword, verify: verifyPassword };
  // An unknown email is checked against this hash, so it takes as long as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= passwords.hash(randomToken(16)));
  // Made up front, so even the first unknown email costs no more than a known one.
  dummy().catch(() => (dummyHash = undefined));

  async function passwordMatches(hash: string, password: string): Promise<boolean> {
    try {
      return await passwords.verify(hash, password);
    } catch {
      return false;
    }
  }

  const locked = ({ minutes, retryAfterSeconds }: { minutes: string; retryAfterSeconds: number }) =>
    new AppError('ACCOUNT_LOCKED', {
      message: `Too many wrong passwords for this account: password sign-in is paused for ${minutes}; sign in with a one-time code or reset the password`,
      retryAfterSeconds,
    });

  /**
   * A wrong password counts against the address and the account. The account's count tells
   * its owner once per window (a job looks the account up, so an unknown email costs the same)
   * and, at its limit, locks password sign-in and starts a new window.
   */
  async function failed(partnerId: string, account: string, email: string, address: string) {
    await throttle.fail(buckets.address, address, LOGIN_FAILURES_PER_ADDRESS);
    const failures = await throttle.fail(buckets.failures, account, LOGIN_FAILURES_PER_ACCOUNT);
    if (failures === GUESSING_NOTICE_AT)
      await jobs.add(accountsJobs.warnGuessed, { partnerId, emailAddress: email });
    if (failures === LOGIN_FAILURES_PER_ACCOUNT.limit) {
      await throttle.lock(buckets.lock, account, ACCOUNT_LOCK);
      await throttle.reset(buckets.failures, account);
    }
  }

  return {
    async login(
      partner: PartnerRow,
      input: { emailAddress: string; password: string },
      address: string,
    ): Promise<LoginResponse> {
      const email = normalizeEmail(input.emailAddress);
      const account = accountKey(partner.id, email);
      const pair = pairKey(account, address);
      await throttle.check(buckets.address, address, LOGIN_FAILURES_PER_ADDRESS);
      await throttle.checkLock(buckets.lock, account, ACCOUNT_LOCK, locked);
      await throttle.consume(buckets.pair, pair, LOGIN_PER_ACCOUNT_AND_ADDRESS);

      const user = await users.findByEmail(partner.id, email);
      const hash = user?.passwordHash ?? (await dummy());
      const matches = await passwordMatches(hash, input.password);
      if (!user?.passwordHash || !matches) {
        await failed(partner.id, account, email, address);
        throw incorrect();
      }
      await throttle.reset(buckets.pair, pair);
      return mfa.signInOrChallenge(user);
    },

    /**
     * The owner proved they hold the account another way (a password reset): the wrong
     * passwords tried so far no longer count, from any address, and password sign-in is open.
     */
    async clearLimits(partnerId: string, emailAddress: string): Promise<void> {
      const account = accountKey(partnerId, normalizeEmail(emailAddress));
      await throttle.resetAll(buckets.pair, pairKey(account, ''));
      await throttle.reset(buckets.failures, account);
      await throttle.reset(buckets.lock, account);
    },

    /** The job: the owner of the account, if the email names one, is told by email. */
    async warnOwner({ partnerId, emailAddress }: AddressPayload): Promise<void> {
      const [partner, user] = await Promise.all([
        partners.byId(partnerId),
        users.findByEmail(partnerId, emailAddress),
      ]);
      if (!partner || !user) return;
      await notifications.send({
        channel: 'email',
        to: user.emailAddress,
        partnerId: partner.id,
        template: 'sign-in-attempts',
        locale: user.locale,
        ...renderTemplate('sign-in-attempts', user.locale, { partnerName: partner.name }),
      });
    },
  };
}
export type LoginService = ReturnType<typeof loginService>;
