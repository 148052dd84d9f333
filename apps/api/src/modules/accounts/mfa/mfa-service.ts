import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  AppError,
  accountsContracts,
  routeName,
  type HolderProof,
  type LoginResponse,
} from '@tern/domain';
import { verifyPassword } from '../../../lib/passwords.ts';
import type { LiveEvents } from '../../../live/events.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Encryption } from '../../../lib/encryption.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import type { PartnerRow } from '../../partners/index.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import {
  MFA_CHALLENGE_TTL_MS,
  MFA_FAILURES_PER_USER,
  MFA_MAX_ATTEMPTS,
  TOTP_PERIOD_S,
} from '../limits.ts';
import type { MfaRepo } from './mfa-repo.ts';
import type { Throttle } from '../throttle.ts';
import { disabledError, type UserRow, type UsersRepo } from '../users-repo.ts';

/** One step either side of now, for phones whose clock drifts a little. */
const WINDOW = 1;

const invalidCode = () =>
  new AppError('INVALID_MFA_CODE', { message: 'The code is not the current one' });
const usedCode = () =>
  new AppError('MFA_CODE_USED', {
    message: 'This code has been used already: wait for the next one of the app',
  });
const expired = () =>
  new AppError('MFA_SESSION_EXPIRED', { message: 'Sign in again to get a new challenge' });

/**
 * TOTP multi-factor authentication (RFC 6238, SHA-1, 6 digits, 30 s): set-up, switching on
 * and off, and the second step of a login. Secrets are stored encrypted; a code is accepted
 * once (its time step must be later than the last accepted one).
 */
export function mfaService(deps: {
  repo: MfaRepo;
  users: UsersRepo;
  sessions: SessionsService;
  throttle: Throttle;
  encryption: Encryption;
  clock: Clock;
  live: Pick<LiveEvents, 'publish'>;
}) {
  const { repo, users, sessions, throttle, encryption, clock, live } = deps;

  /**
   * Checks a code against a secret and records its step: 'used' for a right code whose step
   * is not later than the last one accepted (the same code again, within its 30 seconds).
   */
  async function accept(
    user: UserRow,
    encryptedSecret: string,
    code: string,
  ): Promise<'accepted' | 'wrong' | 'used'> {
    const now = clock.now().getTime();
    const secret = Secret.fromBase32(encryption.decrypt(encryptedSecret));
    const delta = TOTP.validate({
      token: code,
      secret,
      period: TOTP_PERIOD_S,
      timestamp: now,
      window: WINDOW,
    });
    if (delta === null) return 'wrong';
    const step = TOTP.counter({ period: TOTP_PERIOD_S, timestamp: now }) + delta;
    return (await users.acceptMfaStep(user.id, step)) ? 'accepted' : 'used';
  }

  /**
   * Every try counts against the user across challenges before the code is compared, in one
   * statement: parallel bursts cannot slip past the limit, and new logins give no fresh tries.
   * A right code clears the count.
   */
  async function checkCode(user: UserRow, encryptedSecret: string, code: string) {
    await throttle.consume('mfa', user.id, MFA_FAILURES_PER_USER);
    const outcome = await accept(user, encryptedSecret, code);
    if (outcome === 'wrong') throw invalidCode();
    // Said apart from a wrong code: the holder typed the right one too soon after using it.
    if (outcome === 'used') throw usedCode();
    await throttle.reset('mfa', user.id);
  }

  return {
    /** A new secret waiting to be confirmed by `setEnabled(true)`; the QR code holds its URL. */
    async startSetup(partner: PartnerRow, userId: string, label: string) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('USER_NOT_FOUND', { message: `No user ${userId}` });
      if (user.mfaEnabled)
        throw new AppError('ALREADY_EXISTS', {
          message: 'MFA is already on: turn it off first to set up a new device',
        });
      const secret = new Secret({ size: 20 });
      const totp = new TOTP({ issuer: partner.name, label, secret, period: TOTP_PERIOD_S });
      await repo.setPendingSecret(user.id, encryption.encrypt(secret.base32), clock.now());
      const otpauthUrl = totp.toString();
      return { secret: secret.base32, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl) };
    },

    /** On: the code must come from the pending secret. Off: from the secret in use. */
    async setEnabled(userId: string, enabled: boolean, code: string) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('USER_NOT_FOUND', { message: `No user ${userId}` });
      if (enabled) {
        if (!user.mfaPendingSecret)
          throw new AppError('INVALID_MFA_CODE', {
            message: `Ask for a new MFA token first (${routeName(accountsContracts.mfaToken)})`,
          });
        await checkCode(user, user.mfaPendingSecret, code);
        await repo.enable(user.id, user.mfaPendingSecret, clock.now());
      } else if (user.mfaEnabled && user.mfaSecret) {
        await checkCode(user, user.mfaSecret, code);
        await repo.disable(user.id, clock.now());
      } else return { mfaEnabled: false }; // already off: nothing changed
      // The user's details carry the flag: their other open pages refresh them.
      await live.publish(user.id, ['USER_DETAILS']);
      return { mfaEnabled: enabled };
    },

    /**
     * Proof that the account holder is at the keyboard before a sign-in contact point
     * changes: the TOTP code when MFA is on, else the current password. Wrong passwords count
     * against the same per-user limit as wrong codes.
     */
    async proveHolder(user: UserRow, proof: HolderProof): Promise<void> {
      if (user.mfaEnabled && user.mfaSecret) {
        if (!proof.code)
          throw new AppError('INVALID_MFA_CODE', { message: 'Enter the code of your app' });
        return checkCode(user, user.mfaSecret, proof.code);
      }
      await throttle.consume('mfa', user.id, MFA_FAILURES_PER_USER);
      if (
        !user.passwordHash ||
        !proof.password ||
        !(await verifyPassword(user.passwordHash, proof.password))
      )
        throw new AppError('INVALID_PASSWORD', { message: 'The password is not right' });
      await throttle.reset('mfa', user.id);
    },

    /**
     * After a first factor (password or one-time code): a session, or for a user with MFA
     * on a challenge whose random id the client sends back with the TOTP code; a disabled
     * account neither.
     */
    async signInOrChallenge(user: UserRow): Promise<LoginResponse> {
      if (user.disabledAt) throw disabledError();
      if (!user.mfaEnabled) {
        const session = await sessions.open({ userId: user.id, partnerId: user.partnerId });
        return { status: 'OK', ...session };
      }
      const token = randomToken(32);
      await repo.insertChallenge({
        tokenHash: sha256(token),
        userId: user.id,
        partnerId: user.partnerId,
        expiresAt: new Date(clock.now().getTime() + MFA_CHALLENGE_TTL_MS),
      });
      return { status: 'MFA_REQUIRED', userId: user.id, session: token };
    },

    /** The second step of a login: the challenge, then the code; 5 tries per challenge. */
    async confirm(partner: PartnerRow, input: { userId: string; code: string; session: string }) {
      const challenge = await repo.takeAttempt(
        sha256(input.session),
        clock.now(),
        MFA_MAX_ATTEMPTS,
      );
      if (!challenge || challenge.userId !== input.userId || challenge.partnerId !== partner.id)
        throw expired();
      const user = await users.findById(challenge.userId);
      if (!user?.mfaEnabled || !user.mfaSecret) throw expired();
      try {
        await checkCode(user, user.mfaSecret, input.code);
      } catch (error) {
        if (
          error instanceof AppError &&
          (error.code === 'INVALID_MFA_CODE' || error.code === 'MFA_CODE_USED') &&
          challenge.attempts >= MFA_MAX_ATTEMPTS
        )
          throw new AppError('TOO_MANY_ATTEMPTS', {
            message: 'Too many wrong codes: sign in again',
          });
        throw error;
      }
      if (!(await repo.markUsed(challenge.id, clock.now()))) throw expired();
      // Disabled between the password and the code.
      if (user.disabledAt) throw disabledError();
      return sessions.open({ userId: user.id, partnerId: user.partnerId });
    },
  };
}
export type MfaService = ReturnType<typeof mfaService>;
