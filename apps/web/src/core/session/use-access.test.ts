import { accessProfileFor } from '@tern/domain/access';
import { describe, expect, it } from 'vitest';
import { accessOf } from './use-access.ts';

const access = (roles: ('ADMIN' | 'AGENT' | 'USER')[], agentId: string | null = null) =>
  accessOf({ loginRoles: roles, accessProfile: accessProfileFor(roles), agentId, employee: false });

describe('access checks (spec 1 §6)', () => {
  it('takes ADMIN, then AGENT, then USER as the login role', () => {
    expect(access(['USER', 'ADMIN', 'AGENT']).loginRole).toBe('ADMIN');
    expect(access(['USER', 'AGENT']).loginRole).toBe('AGENT');
    expect(access(['USER']).loginRole).toBe('USER');
    expect(access([]).loginRole).toBeUndefined();
  });

  it('has a feature when the profile lists it, and an action when its list holds it', () => {
    const user = access(['USER']);
    expect(user.hasFeature('customer-travel-trips')).toBe(true);
    expect(user.hasFeature('agent-console')).toBe(false);
    expect(user.canDo('customer-travel-chartered', 'READ')).toBe(true);
    expect(user.canDo('customer-travel-chartered', 'UPDATE')).toBe(false);
    expect(user.canDo('customer-travel-chartered', 'UPDATE', 'READ')).toBe(true);
    expect(access(['AGENT']).canDo('agent-console', 'ACT_FOR')).toBe(true);
  });

  it('makes everything modifiable for staff, and locks no field for users either', () => {
    expect(access(['AGENT'])).toMatchObject({ everythingModifiable: true, lockedFields: [] });
    expect(access(['USER'])).toMatchObject({ everythingModifiable: false, lockedFields: [] });
    expect(access(['USER']).isLocked('firstName')).toBe(false);
    // No roles never unlock anything.
    expect(access([]).everythingModifiable).toBe(false);
  });

  it('tells staff and acting apart', () => {
    expect(access(['AGENT']).isStaff).toBe(true);
    expect(access(['USER']).isStaff).toBe(false);
    expect(access(['AGENT'], 'agent-1').acting).toBe(true);
  });

  it("puts staff on their own session on the console, never a customer's or an acting agent", () => {
    expect(access(['AGENT']).onOwnConsole).toBe(true);
    expect(access(['ADMIN', 'USER']).onOwnConsole).toBe(true);
    expect(access(['AGENT'], 'agent-1').onOwnConsole).toBe(false);
    expect(access(['USER']).onOwnConsole).toBe(false);
  });
});
