import type { Role } from '@tern/domain/constants';
import {
  canDo,
  hasFeature,
  isElevated,
  isEverythingModifiable,
  loginRole,
  type AccessProfile,
} from '@tern/domain/access';
import { useMemo } from 'react';
import { useAccount } from './account.ts';
import { useAuth } from './auth-store.ts';
import { NON_MODIFIABLE_FIELDS } from './write-access.ts';

export type Access = {
  /** ADMIN, AGENT or USER, the first the signed-in person holds (spec 1 §4). */
  loginRole: Role | undefined;
  /** AGENT or ADMIN at the keyboard (also while acting for a customer). */
  isStaff: boolean;
  /** An agent is acting for the customer whose data is shown. */
  acting: boolean;
  /** Staff on their own session: their home is the agent console, no customer's pages. */
  onOwnConsole: boolean;
  hasFeature(feature: string): boolean;
  canDo(feature: string, action: string, alternative?: string): boolean;
  /** Roles given without USER: nothing is locked (spec 1 §6). */
  everythingModifiable: boolean;
  /** The fields forms disable for the login role (spec 1 §5 "Write access"). */
  lockedFields: readonly string[];
  isLocked(field: string): boolean;
};

/** Pure part of `useAccess`, for tests and non-React callers. */
export function accessOf(input: {
  loginRoles: readonly Role[];
  accessProfile: AccessProfile;
  agentId: string | null;
  employee: boolean;
}): Access {
  const everythingModifiable = isEverythingModifiable(input.loginRoles);
  const lockedFields = everythingModifiable
    ? []
    : NON_MODIFIABLE_FIELDS[input.employee ? 'employee' : 'user'];
  return {
    loginRole: loginRole(input.loginRoles),
    isStaff: isElevated(input.loginRoles),
    acting: input.agentId !== null,
    onOwnConsole: isElevated(input.loginRoles) && input.agentId === null,
    hasFeature: (feature) => hasFeature(input.accessProfile, feature),
    canDo: (feature, action, alternative) =>
      canDo(input.accessProfile, feature, action, alternative),
    everythingModifiable,
    lockedFields,
    isLocked: (field) => lockedFields.includes(field),
  };
}

/**
 * Feature and action checks for the signed-in user (the domain's functions over the access
 * profile of spec 1 §6) and the write-access list of the login role.
 */
export function useAccess(): Access {
  const { loginRoles, accessProfile, agentId } = useAuth();
  const employee = useAccount()?.employee === 1;
  return useMemo(
    () => accessOf({ loginRoles, accessProfile, agentId, employee }),
    [loginRoles, accessProfile, agentId, employee],
  );
}
