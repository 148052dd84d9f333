import type { Contract } from '@tern/domain';
import type { CallerKind } from './callers.ts';

/**
 * What a caller gets from a route, derived from its contract alone (`access`, `adminOnly`,
 * `owner`), as `plugins/contracts.ts` documents the rules; never written per route. Every
 * request names user one's ids (and the home partner), so the ownership rules decide for the
 * second user, the twin partner and staff in their own sessions.
 */
export type Expected =
  | { outcome: 'allowed' }
  | { outcome: 'refused'; status: number; code?: string }
  /** A signed link with no valid signature: refused, by the area's own check. */
  | { outcome: 'refusedAny' };

const allowed: Expected = { outcome: 'allowed' };
const refused = (status: number, code?: string): Expected => ({
  outcome: 'refused',
  status,
  ...(code ? { code } : {}),
});

/** The codes of the access and ownership steps: an allowed call answers none of them. */
export const ACCESS_CODES = new Set([
  'API_KEY_INVALID',
  'UNAUTHORISED',
  'REQUIRES_ELEVATED_ROLE',
  'PARTNER_ONLY',
  'USER_NOT_FOUND',
  'PARTNER_NOT_FOUND',
  'ACCOUNT_HOLDER_ONLY',
  'ROUTE_NOT_FOUND',
]);

/** Whose session a caller holds, for the signed-in rules. */
type SessionOf = 'userOne' | 'someoneElse' | 'staff' | 'actingForUserOne';

/** The ownership steps, in `accessChecks` order, for a session caller past the access rule. */
function ownership(contract: Contract, who: SessionOf, otherPartner: boolean): Expected {
  const { owner } = contract;
  if (owner?.user && who !== 'userOne' && who !== 'actingForUserOne')
    return refused(404, 'USER_NOT_FOUND');
  if (owner?.holderOnly && who === 'actingForUserOne') return refused(403, 'ACCOUNT_HOLDER_ONLY');
  if (owner?.partner && otherPartner) return refused(404, 'PARTNER_NOT_FOUND');
  // The service looks the resource up among the caller's own: the area's 404.
  if (owner?.resource && who !== 'userOne' && who !== 'actingForUserOne') return refused(404);
  return allowed;
}

/**
 * `fabricatedCredential`: the request carries a credential parameter (a signed link's
 * signature, an SSO token, an invitation's link id) nobody issued, which the area's own check
 * refuses once the access rules let the call through.
 */
export function expectedOf(
  contract: Contract,
  kind: CallerKind,
  fabricatedCredential = false,
): Expected {
  const { access, adminOnly, owner } = contract;
  if (access === 'signedLink') return { outcome: 'refusedAny' };
  if (kind === 'anonymous') return refused(401, 'API_KEY_INVALID');
  const twinKey = kind === 'otherUser' || kind === 'otherSecret';
  if (access === 'apiKey')
    return twinKey && owner?.partner
      ? refused(404, 'PARTNER_NOT_FOUND')
      : fabricatedCredential
        ? { outcome: 'refusedAny' }
        : allowed;

  // Past the api-key: who the bearer proves.
  const secretOfKey = kind === 'secret' || kind === 'otherSecret';
  const session: SessionOf | undefined =
    kind === 'user'
      ? 'userOne'
      : kind === 'secondUser' || kind === 'otherUser'
        ? 'someoneElse'
        : kind === 'agent' || kind === 'admin'
          ? 'staff'
          : kind === 'actingAgent'
            ? 'actingForUserOne'
            : undefined;
  const otherPartner = twinKey;

  if (access === 'partner') {
    if (secretOfKey)
      return owner?.partner && otherPartner ? refused(404, 'PARTNER_NOT_FOUND') : allowed;
    if (!session) return refused(401, 'UNAUTHORISED');
    if (session === 'userOne' || session === 'someoneElse') return refused(403, 'PARTNER_ONLY');
    if (adminOnly && (kind !== 'admin' || session === 'actingForUserOne'))
      return refused(403, 'PARTNER_ONLY');
    return ownership(contract, 'staff', otherPartner);
  }
  if (!session) return refused(401, 'UNAUTHORISED');
  if (access === 'staff') {
    if (session !== 'staff') return refused(401, 'REQUIRES_ELEVATED_ROLE');
    if (adminOnly && kind !== 'admin') return refused(403, 'PARTNER_ONLY');
    return ownership(contract, 'staff', otherPartner);
  }
  return ownership(contract, session, otherPartner);
}
