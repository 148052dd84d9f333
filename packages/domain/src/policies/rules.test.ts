import { describe, expect, it } from 'vitest';
import { policyClaimRefusal } from './rules.ts';

const today = '2026-11-23';
const open = { active: 1, policyEnd: null, linked: false };

describe('policyClaimRefusal', () => {
  it('lets a registration link an active, open-ended or unended policy nobody uses', () => {
    expect(policyClaimRefusal(open, today)).toBeUndefined();
    expect(policyClaimRefusal({ ...open, policyEnd: today }, today)).toBeUndefined();
  });

  it('refuses an unknown policy as not found, an inactive one as expired or inactive', () => {
    expect(policyClaimRefusal(undefined, today)).toBe('POLICY_NOT_FOUND');
    expect(policyClaimRefusal({ ...open, active: 0 }, today)).toBe('EXPIRED_OR_INACTIVE');
  });

  it('refuses a policy that ended before today', () => {
    expect(policyClaimRefusal({ ...open, policyEnd: '2026-11-22' }, today)).toBe(
      'EXPIRED_OR_INACTIVE',
    );
  });

  it('refuses a policy another account already uses', () => {
    expect(policyClaimRefusal({ ...open, linked: true }, today)).toBe('POLICY_TOO_MANY_USES');
  });
});
