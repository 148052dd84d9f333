import type { Role } from '@tern/domain/constants';
import type { AccessProfile } from '@tern/domain/access';
import { isRecord } from '../../lib/is-record.ts';

/** Spec 1 §3 "Auth state". */
export type AuthState = {
  authenticated: boolean;
  /** The error key of the last failed sign-in or session setup. */
  error: string | null;
  /**
   * The roles of the person at the keyboard. Equal to `roles`, except while an agent acts for
   * a customer: then `roles` are the customer's and `loginRoles` stay the agent's.
   */
  loginRoles: Role[];
  roles: Role[];
  partnerId: string | null;
  agentId: string | null;
  accessProfile: AccessProfile;
};

/** Spec 1 §4 "Auth actions". */
export type AuthAction =
  | { type: 'login' }
  | { type: 'logout' }
  | { type: 'error'; error: string }
  | {
      type: 'roles';
      roles: Role[];
      partnerId: string;
      agentId?: string | undefined;
      accessProfile: AccessProfile;
      /** Given when the signed-in person's roles differ from `roles` (an agent acting). */
      loginRoles?: Role[] | undefined;
    }
  | { type: 'reset' };

export const initialAuthState: AuthState = {
  authenticated: false,
  error: null,
  loginRoles: [],
  roles: [],
  partnerId: null,
  agentId: null,
  accessProfile: [],
};

/**
 * login sets authenticated; logout clears it; error stores the error; roles stores partner,
 * agent and access profile (and the roles); reset returns to the initial state.
 */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'login':
      return { ...state, authenticated: true, error: null };
    case 'logout':
      return { ...state, authenticated: false };
    case 'error':
      return { ...state, error: action.error };
    case 'roles': {
      const agentId = action.agentId ?? null;
      // Acting for a customer keeps the agent's login roles unless new ones are given.
      const loginRoles =
        action.loginRoles ?? (agentId && state.loginRoles.length ? state.loginRoles : action.roles);
      return {
        ...state,
        roles: action.roles,
        loginRoles,
        partnerId: action.partnerId,
        agentId,
        accessProfile: action.accessProfile,
      };
    }
    case 'reset':
      return initialAuthState;
  }
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Reads a persisted auth state back; anything of another shape reads as absent. */
export const parseAuthState = (raw: unknown): AuthState | undefined => {
  if (
    !isRecord(raw) ||
    typeof raw.authenticated !== 'boolean' ||
    !isStringList(raw.roles) ||
    !isStringList(raw.loginRoles) ||
    !Array.isArray(raw.accessProfile)
  )
    return undefined;
  return { ...initialAuthState, ...(raw as Partial<AuthState>) };
};
