import { LOGIN_ROLE_PRIORITY, type Role } from './constants.ts';

/**
 * Roles → access profile (spec 1 §6, spec 2 §6), written once: the API answers it from
 * `GET /platform/users/{id}/access` and the web checks features and actions with the pure
 * functions below. The spec leaves the mapping itself open ("not shown"), so it is ours:
 * customers manage their own travel data; agents and administrators may do everything,
 * see the agent options of resolutions and use the agent console; administrators alone also
 * have the admin console (the partner's staff and the audit log).
 */
export const FEATURES = [
  'customer-travel-trips',
  'customer-insurance',
  'customer-travel-chartered',
  'customer-travel-luggage',
  'customer-travel-passengers',
  'customer-payouts',
  'customer-travel-resolutions',
  'agent-console',
  'admin-console',
] as const;
export type Feature = (typeof FEATURES)[number];

export const CRUD = ['CREATE', 'READ', 'UPDATE', 'DELETE'] as const;
/** Reject, reset and "no lounge / no hotel" controls on resolution cards (spec 2 §6). */
export const AGENT_OPTIONS = 'AGENT-OPTIONS';
export const AGENT_CONSOLE_ACTIONS = ['SEARCH', 'ACT_FOR'] as const;
/**
 * The admin console: invite people (customers by link, staff), disable and enable staff, read
 * the audit log. The API checks each staff call by these, as the portal shows its pages by them.
 */
export const ADMIN_CONSOLE_ACTIONS = ['INVITE', 'MANAGE_STAFF', 'READ_AUDIT'] as const;
export type AdminConsoleAction = (typeof ADMIN_CONSOLE_ACTIONS)[number];
export type Action =
  | (typeof CRUD)[number]
  | typeof AGENT_OPTIONS
  | (typeof AGENT_CONSOLE_ACTIONS)[number]
  | AdminConsoleAction;

export interface AccessEntry {
  feature: string;
  actions: string[];
}
export type AccessProfile = AccessEntry[];

const crud = [...CRUD];

const customerProfile: AccessProfile = [
  { feature: 'customer-travel-trips', actions: crud },
  { feature: 'customer-insurance', actions: crud },
  // Chartered flights are entered by staff; customers see them but the wizard skips the page.
  { feature: 'customer-travel-chartered', actions: ['READ'] },
  { feature: 'customer-travel-luggage', actions: crud },
  { feature: 'customer-travel-passengers', actions: crud },
  { feature: 'customer-payouts', actions: crud },
  { feature: 'customer-travel-resolutions', actions: ['CREATE', 'READ', 'UPDATE'] },
];

const consoles = new Set<Feature>([
  'customer-travel-resolutions',
  'agent-console',
  'admin-console',
]);
const staffProfile: AccessProfile = [
  ...FEATURES.filter((f) => !consoles.has(f)).map((feature) => ({ feature, actions: crud })),
  { feature: 'customer-travel-resolutions', actions: [...crud, AGENT_OPTIONS] },
  { feature: 'agent-console', actions: [...AGENT_CONSOLE_ACTIONS] },
];
const adminProfile: AccessProfile = [
  ...staffProfile,
  { feature: 'admin-console', actions: [...ADMIN_CONSOLE_ACTIONS] },
];

export const ROLE_PROFILES: Record<Role, AccessProfile> = {
  USER: customerProfile,
  AGENT: staffProfile,
  ADMIN: adminProfile,
};

/** The union of the profiles of every role held, one entry per feature, in FEATURES order. */
export function accessProfileFor(roles: readonly string[]): AccessProfile {
  const actions = new Map<string, Set<string>>();
  for (const role of roles) {
    for (const entry of ROLE_PROFILES[role as Role] ?? []) {
      const set = actions.get(entry.feature) ?? new Set<string>();
      for (const action of entry.actions) set.add(action);
      actions.set(entry.feature, set);
    }
  }
  return FEATURES.filter((f) => actions.has(f)).map((feature) => ({
    feature,
    actions: [...actions.get(feature)!],
  }));
}

/** The login role: ADMIN, AGENT or USER, the first held in that priority (spec 1 §4). */
export function loginRole(roles: readonly string[] | undefined): Role | undefined {
  return LOGIN_ROLE_PRIORITY.find((role) => roles?.includes(role));
}

/** Whether AGENT or ADMIN is held: the roles that see every resolution and the agent console. */
export const isElevated = (roles: readonly string[] | undefined): boolean =>
  loginRole(roles) === 'ADMIN' || loginRole(roles) === 'AGENT';

/**
 * A customer and nothing else (roles exactly USER): the only accounts an agent may act for and
 * single sign-on may open, since neither asks for the account's own password or second factor.
 */
export const isCustomerOnly = (roles: readonly string[] | undefined): boolean =>
  roles?.length === 1 && roles[0] === 'USER';

/** A feature is available when the profile has an entry for it (spec 1 §6). */
export const hasFeature = (profile: AccessProfile | undefined, feature: string): boolean =>
  (profile ?? []).some((entry) => entry.feature === feature);

/** An action is allowed when it, or the optional alternative, is in the feature's list. */
export function canDo(
  profile: AccessProfile | undefined,
  feature: string,
  action: string,
  alternative?: string,
): boolean {
  const entry = (profile ?? []).find((e) => e.feature === feature);
  if (!entry) return false;
  return (
    entry.actions.includes(action) ||
    (alternative !== undefined && entry.actions.includes(alternative))
  );
}

/**
 * Spec 1 §6: when roles are given and USER is not among them, everything is modifiable and no
 * field is locked. An empty list counts as not given: no roles must never unlock anything.
 */
export const isEverythingModifiable = (roles: readonly string[] | undefined): boolean =>
  !!roles && roles.length > 0 && !roles.includes('USER');

/**
 * Whether staff may act as the partner's administrator (the admin console, invitations, the
 * partner's webhooks): an ADMIN in their own session, never one acting for a customer. The
 * API's contract check (`adminOnly`) and the admin console's use cases both ask this.
 */
export const isOwnAdmin = (
  roles: readonly string[],
  agentId: string | null | undefined,
  action: AdminConsoleAction = 'MANAGE_STAFF',
): boolean => !agentId && canDo(accessProfileFor(roles), 'admin-console', action);
