import {
  AppError,
  cleanPhone,
  type RegisterRequest,
  type Session,
  normalizeEmail,
  policyClaimError,
  policyUsedError,
} from '@tern/domain';
import { isoDay, type Clock } from '../../../lib/clock.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { partnerConfig, type PartnerRow } from '../../partners/index.ts';
import { defaultComms } from '../mappers.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import { emailUsedError, type UsersRepo } from '../users-repo.ts';

/** Self-service registration (spec 1 §7 POST /platform/user/register/{partnerId}). */
export function registrationService(deps: {
  users: UsersRepo;
  sessions: SessionsService;
  clock: Clock;
}) {
  const { users, sessions, clock } = deps;

  /**
   * The active, unclaimed policy a registration names, not yet ended; required when the
   * partner says so.
   */
  async function claimablePolicy(partner: PartnerRow, number: string | undefined) {
    const policyNumber = number?.trim();
    if (!policyNumber) {
      if (!partnerConfig(partner).registration.policyMandatory) return undefined;
      throw new AppError('INVALID_PARAMS', {
        message: 'A policy number is required',
        field: 'policyNumber',
        details: [{ field: 'policyNumber', message: 'validation.required' }],
      });
    }
    const policy = await users.findPolicyByNumber(partner.id, policyNumber);
    const today = isoDay(clock.now());
    const refused = policyClaimError(
      policy && { ...policy, linked: policy.userId !== null },
      today,
    );
    if (refused) throw refused;
    return policy;
  }

  return {
    /** Creates the account (terms PENDING, MFA off, role USER) and signs it in. */
    async register(partner: PartnerRow, input: RegisterRequest): Promise<Session> {
      const emailAddress = normalizeEmail(input.emailAddress);
      if (await users.findByEmail(partner.id, emailAddress)) throw emailUsedError();
      const policy = await claimablePolicy(partner, input.policyNumber);

      const result = await users.create(
        {
          partnerId: partner.id,
          emailAddress,
          passwordHash: await hashPassword(input.password),
          firstName: input.firstName.trim(),
          surname: input.surname.trim(),
          mobilePhoneNumber: cleanPhone(input.mobilePhoneNumber),
          locale: input.locale,
          commsSms: input.commsSms,
          roles: ['USER'],
          terms: 'PENDING',
          mfaEnabled: false,
        },
        defaultComms(input.commsSms),
        policy?.id,
      );
      // Two registrations racing for one email or one policy: the loser gets the same answer
      // it would have got a moment later.
      if ('conflict' in result)
        throw result.conflict === 'policy' ? policyUsedError() : emailUsedError();
      return sessions.open({ userId: result.user.id, partnerId: partner.id });
    },
  };
}
