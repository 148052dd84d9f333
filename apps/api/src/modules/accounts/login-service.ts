import { AppError, type LoginResponse, normalizeEmail } from '@tern/domain';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomToken } from '../../lib/secrets.ts';
import type { PartnerRow } from '../partners/index.ts';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_PER_ACCOUNT } from './limits.ts';
import type { MfaService } from './mfa-service.ts';
import type { Throttle } from './throttle.ts';
import type { UsersRepo } from './users-repo.ts';

const incorrect = () =>
  new AppError('INCORRECT_CREDENTIALS', { message: 'The email address or password is wrong' });

/** Password login (spec 1 §7 POST /platform/user/login). */
export function loginService(deps: {
  users: UsersRepo;
  mfa: MfaService;
  throttle: Throttle;
  /** Replaceable so a test can see which hash an unknown email was checked against. */
  passwords?: { hash: typeof hashPassword; verify: typeof verifyPassword };
}) {
  const { users, mfa, throttle } = deps;
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

  return {
    /**
     * Five attempts per account in 15 minutes (a success clears them) and 50 failures per
     * client address: counted in the database, so the limits hold across instances.
     */
    async login(
      partner: PartnerRow,
      input: { emailAddress: string; password: string },
      address: string,
    ): Promise<LoginResponse> {
      const email = normalizeEmail(input.emailAddress);
      const accountKey = `${partner.id}:${email}`;
      await throttle.check('login-address', address, LOGIN_FAILURES_PER_ADDRESS);
      await throttle.consume('login', accountKey, LOGIN_PER_ACCOUNT);

      const user = await users.findByEmail(partner.id, email);
      const hash = user?.passwordHash ?? (await dummy());
      const matches = await passwordMatches(hash, input.password);
      if (!user?.passwordHash || !matches) {
        await throttle.fail('login-address', address, LOGIN_FAILURES_PER_ADDRESS);
        throw incorrect();
      }
      await throttle.reset('login', accountKey);
      return mfa.signInOrChallenge(user);
    },
  };
}
export type LoginService = ReturnType<typeof loginService>;
