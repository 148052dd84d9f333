import { ACTIVE_POLICY } from '../constants.ts';

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
