import type { PartnerRow } from '../../partners/index.ts';
import { SSO_MAX_LIFETIME_S } from '../limits.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import { refusedAs, type PartnerTokens } from './partner-tokens.ts';

/**
 * Single sign-on (spec 1 §7 GET /platform/user/sso/{token}): a partner's back end vouches
 * for its customer with a short-lived HS256 JWT whose audience is the partner itself
 * (ADR 0003). Every failure answers the same 401, so nothing about secrets or users leaks.
 */
export function ssoService(deps: { tokens: PartnerTokens; sessions: SessionsService }) {
  const { tokens, sessions } = deps;
  return {
    signIn: (partner: PartnerRow, token: string) =>
      refusedAs('Single sign-on failed', async () => {
        const { claims } = await tokens.verify(partner, token, [partner.id], SSO_MAX_LIFETIME_S);
        await tokens.consume(partner, claims);
        const user = await tokens.customerFor(partner, claims);
        const session = await sessions.open({ userId: user.id, partnerId: partner.id });
        return { userId: user.id, accessToken: session.token, expiresAt: session.expiresAt };
      }),
  };
}
