import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  accessProfileFor,
  canDo,
  hasFeature,
  isElevated,
  isEverythingModifiable,
  loginRole,
} from './access.ts';

describe('loginRole', () => {
  it('takes ADMIN over AGENT over USER, whatever the order held', () => {
    expect(loginRole(['USER', 'ADMIN', 'AGENT'])).toBe('ADMIN');
    expect(loginRole(['USER', 'AGENT'])).toBe('AGENT');
    expect(loginRole(['USER'])).toBe('USER');
  });

  it('has none for no roles or unknown ones', () => {
    expect(loginRole([])).toBeUndefined();
    expect(loginRole(undefined)).toBeUndefined();
    expect(loginRole(['GUEST'])).toBeUndefined();
  });

  it('counts AGENT and ADMIN as elevated, USER not', () => {
    expect(isElevated(['AGENT'])).toBe(true);
    expect(isElevated(['USER', 'ADMIN'])).toBe(true);
    expect(isElevated(['USER'])).toBe(false);
  });
});

describe('access profiles', () => {
  it('gives customers their travel features without agent options or the console', () => {
    const profile = accessProfileFor(['USER']);
    expect(hasFeature(profile, 'customer-travel-trips')).toBe(true);
    expect(canDo(profile, 'customer-travel-trips', 'DELETE')).toBe(true);
    expect(canDo(profile, 'customer-travel-resolutions', 'AGENT-OPTIONS')).toBe(false);
    expect(canDo(profile, 'customer-travel-chartered', 'CREATE')).toBe(false);
    expect(hasFeature(profile, 'agent-console')).toBe(false);
  });

  it('gives agents and admins every customer feature, agent options and the agent console', () => {
    for (const role of ['AGENT', 'ADMIN']) {
      const profile = accessProfileFor([role]);
      expect(profile.map((e) => e.feature)).toEqual(
        FEATURES.filter((f) => role === 'ADMIN' || f !== 'admin-console'),
      );
      expect(canDo(profile, 'customer-travel-resolutions', 'AGENT-OPTIONS')).toBe(true);
      expect(canDo(profile, 'agent-console', 'ACT_FOR')).toBe(true);
      expect(canDo(profile, 'agent-console', 'SEARCH')).toBe(true);
    }
  });

  it('gives the admin console to administrators only', () => {
    const admin = accessProfileFor(['ADMIN']);
    for (const action of ['INVITE', 'MANAGE_STAFF', 'READ_AUDIT'])
      expect(canDo(admin, 'admin-console', action)).toBe(true);
    expect(hasFeature(accessProfileFor(['AGENT']), 'admin-console')).toBe(false);
    expect(hasFeature(accessProfileFor(['USER']), 'admin-console')).toBe(false);
    expect(hasFeature(accessProfileFor(['USER', 'AGENT']), 'admin-console')).toBe(false);
  });

  it('merges the profiles of several roles without repeating a feature or an action', () => {
    const profile = accessProfileFor(['USER', 'AGENT']);
    expect(new Set(profile.map((e) => e.feature)).size).toBe(profile.length);
    const resolutions = profile.find((e) => e.feature === 'customer-travel-resolutions')!;
    expect(resolutions.actions.filter((a) => a === 'READ')).toHaveLength(1);
    expect(resolutions.actions).toContain('AGENT-OPTIONS');
  });

  it('is empty for no roles', () => {
    expect(accessProfileFor([])).toEqual([]);
  });
});

describe('hasFeature and canDo', () => {
  const profile = [{ feature: 'customer-insurance', actions: ['READ', 'UPDATE'] }];

  it('finds a feature by its entry', () => {
    expect(hasFeature(profile, 'customer-insurance')).toBe(true);
    expect(hasFeature(profile, 'customer-payouts')).toBe(false);
    expect(hasFeature(undefined, 'customer-insurance')).toBe(false);
  });

  it('allows an action in the list, or its alternative', () => {
    expect(canDo(profile, 'customer-insurance', 'UPDATE')).toBe(true);
    expect(canDo(profile, 'customer-insurance', 'CREATE')).toBe(false);
    expect(canDo(profile, 'customer-insurance', 'CREATE', 'UPDATE')).toBe(true);
    expect(canDo(profile, 'customer-insurance', 'CREATE', 'DELETE')).toBe(false);
    expect(canDo(profile, 'customer-payouts', 'READ', 'READ')).toBe(false);
  });
});

describe('isEverythingModifiable', () => {
  it('is true when roles are given and USER is absent', () => {
    expect(isEverythingModifiable(['AGENT'])).toBe(true);
    expect(isEverythingModifiable(['ADMIN', 'AGENT'])).toBe(true);
  });

  it('is false with USER among the roles, with no roles, or an empty list', () => {
    expect(isEverythingModifiable(['USER'])).toBe(false);
    expect(isEverythingModifiable(['AGENT', 'USER'])).toBe(false);
    expect(isEverythingModifiable(undefined)).toBe(false);
    expect(isEverythingModifiable([])).toBe(false);
  });
});
