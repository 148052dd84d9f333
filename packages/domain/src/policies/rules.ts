import { ACTIVE_POLICY } from '../constants.ts';
import { AppError } from '../errors.ts';

/** What registration needs to know of the policy a new account names. */
export interface ClaimablePolicy {
  active: number;
  /** ISO date; null for an open-ended policy. */
  policyEnd: string | null;
  /** Already linked to an account. */
  linked: boolean;
}

/**
 * Why a registration may not link this policy (spec 1 §7 register, §8), or undefined when it
 * may: it must exist (else POLICY_NOT_FOUND), be active and not have ended before `today`
 * (ISO date; else EXPIRED_OR_INACTIVE), and not serve another account yet.
 */
export function policyClaimRefusal(
  policy: ClaimablePolicy | undefined,
  today: string,
): 'POLICY_NOT_FOUND' | 'EXPIRED_OR_INACTIVE' | 'POLICY_TOO_MANY_USES' | undefined {
  if (!policy) return 'POLICY_NOT_FOUND';
  if (policy.active !== ACTIVE_POLICY) return 'EXPIRED_OR_INACTIVE';
  if (policy.policyEnd !== null && policy.policyEnd < today) return 'EXPIRED_OR_INACTIVE';
  if (policy.linked) return 'POLICY_TOO_MANY_USES';
  return undefined;
}

/**
 * The error answering a claim `policyClaimRefusal` refuses (registration, enrolment, adding
 * a policy to an account), or undefined when it may be claimed.
 */
export function policyClaimError(
  policy: (ClaimablePolicy & { policyEnd: string | null }) | undefined,
  today: string,
): AppError | undefined {
  const refusal = policyClaimRefusal(policy, today);
  if (refusal === 'POLICY_NOT_FOUND')
    return new AppError(refusal, { message: 'No policy has this number' });
  if (refusal === 'EXPIRED_OR_INACTIVE')
    return new AppError(refusal, {
      message:
        policy?.active === ACTIVE_POLICY ? 'This policy has ended' : 'This policy is not active',
      field: 'policyNumber',
    });
  if (refusal === 'POLICY_TOO_MANY_USES') return policyUsedError();
  return undefined;
}

/** A policy that already serves another account (also the loser of a race for one). */
export const policyUsedError = () =>
  new AppError('POLICY_TOO_MANY_USES', { message: 'This policy is linked to another account' });
