import { AppError, SESSION_TIMEOUT_MS, type Role, type Session } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Caller } from '../../plugins/contracts.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { AuditRepo } from './audit-repo.ts';
import type { SessionsRepo } from './sessions-repo.ts';

export function sessionsService(deps: { repo: SessionsRepo; audit: AuditRepo; clock: Clock }) {
  const { repo, audit, clock } = deps;
  return {
    /** A new session with a fresh 256-bit token; only its hash is stored. */
    async open(input: {
      userId: string;
      partnerId: string;
      agentId?: string;
      kind?: 'user' | 'widget';
    }): Promise<Session> {
      const token = randomToken(32);
      const now = clock.now();
      const row = await repo.insert({
        tokenHash: sha256(token),
        userId: input.userId,
        partnerId: input.partnerId,
        agentId: input.agentId ?? null,
        kind: input.kind ?? 'user',
        expiresAt: new Date(now.getTime() + SESSION_TIMEOUT_MS),
      });
      return {
        id: input.userId,
        userId: input.userId,
        token,
        expiresAt: row.expiresAt.toISOString(),
        ...(row.agentId ? { agentId: row.agentId } : {}),
      };
    },

    /**
     * The caller behind a bearer token. A token of another partner's session is refused as
     * if unknown: a partner's portal cannot use sessions opened through another partner.
     */
    async authenticate(authorization: string | undefined, partnerId: string): Promise<Caller> {
      const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (!token) throw new AppError('UNAUTHORISED', { message: 'Sign in first' });
      const found = await repo.findLive(sha256(token), clock.now());
      if (!found || found.session.partnerId !== partnerId) {
        throw new AppError('UNAUTHORISED', { message: 'The session has ended; sign in again' });
      }
      return {
        sessionId: found.session.id,
        userId: found.user.id,
        partnerId: found.session.partnerId,
        roles: found.user.roles as Role[],
        employee: found.user.employee,
        agentId: found.session.agentId ?? undefined,
      };
    },

    /** Audit: what an agent did through a session acting for a customer. */
    async recordAgentAction(caller: Caller, action: string, statusCode: number): Promise<void> {
      if (!caller.agentId) return;
      await audit.record({
        partnerId: caller.partnerId,
        agentId: caller.agentId,
        userId: caller.userId,
        action,
        statusCode,
      });
    },

    revoke: (sessionId: string) => repo.revoke(sessionId, clock.now()),
    revokeAllForUser: (userId: string) => repo.revokeAllForUser(userId, clock.now()),
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
