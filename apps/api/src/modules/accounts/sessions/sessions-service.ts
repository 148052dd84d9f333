import {
  AppError,
  SESSION_TIMEOUT_MS,
  WIDGET_PANEL_NAMES,
  type Role,
  type Session,
  type WidgetPanel,
} from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { Caller } from '../../../plugins/contracts.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import type { AuditRepo } from '../audit-repo.ts';
import type { Signals } from '../../../live/signals.ts';
import { SESSIONS_ENDED, type SessionsRepo } from './sessions-repo.ts';

/** How long a checked session is taken on trust before it is read again. */
const SESSION_CACHE_TTL_MS = 30_000;
/** Sessions cached per process at most; the oldest entry goes first. */
const SESSION_CACHE_MAX = 10_000;

/** The token of an `Authorization: Bearer <token>` header. */
export const bearerToken = (authorization: string | undefined): string | undefined =>
  authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

export function sessionsService(deps: {
  repo: SessionsRepo;
  audit: AuditRepo;
  clock: Clock;
  signals: Signals;
}) {
  const { repo, audit, clock, signals } = deps;
  /**
   * Checked sessions by token hash, so a signed-in read makes one round trip, not two
   * (ADR 0008). Every instance drops a session within milliseconds of its end: revocations
   * are announced on SESSIONS_ENDED when they commit. The cache is only used while those
   * announcements are heard, and emptied after any gap in hearing them.
   */
  const cache = new Map<string, { caller: Caller; checkedAt: number }>();
  /** Bumped on every drop: a read that started before a drop must not refill the cache. */
  let generation = 0;
  const endedHandlers = new Set<(sessionIds: string[]) => void>();

  const drop = (ending: (caller: Caller) => boolean) => {
    generation += 1;
    for (const [hash, entry] of cache) if (ending(entry.caller)) cache.delete(hash);
  };
  signals.listen(SESSIONS_ENDED, (payload) => {
    const sessionIds = JSON.parse(payload) as string[];
    drop((caller) => sessionIds.includes(caller.sessionId));
    for (const handler of endedHandlers) handler(sessionIds);
  });
  signals.onGap(() => {
    generation += 1;
    cache.clear();
  });

  /** The session behind a token hash: from the cache while it is trusted, else the database. */
  const lookUp = async (tokenHash: string, now: Date): Promise<Caller | undefined> => {
    const hit = cache.get(tokenHash);
    if (hit && signals.listening && now.getTime() - hit.checkedAt < SESSION_CACHE_TTL_MS)
      return hit.caller.expiresAt > now ? hit.caller : undefined;
    const before = generation;
    const found = await repo.findLive(tokenHash, now);
    if (!found) return undefined;
    const caller: Caller = {
      sessionId: found.session.id,
      userId: found.user.id,
      partnerId: found.session.partnerId,
      roles: found.user.roles as Role[],
      employee: found.user.employee,
      agentId: found.session.agentId ?? undefined,
      expiresAt: found.session.expiresAt,
      ...(found.session.kind === 'widget'
        ? { panels: (found.session.panels as WidgetPanel[] | null) ?? WIDGET_PANEL_NAMES }
        : {}),
    };
    if (signals.listening && generation === before) {
      cache.delete(tokenHash);
      cache.set(tokenHash, { caller, checkedAt: now.getTime() });
      if (cache.size > SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
    }
    return caller;
  };

  return {
    /**
     * A new session with a fresh 256-bit token; only its hash is stored. A widget session
     * keeps the panels its token named (none named: every panel).
     */
    async open(input: {
      userId: string;
      partnerId: string;
      agentId?: string;
      kind?: 'user' | 'widget';
      panels?: readonly WidgetPanel[] | undefined;
    }): Promise<Session> {
      const token = randomToken(32);
      const now = clock.now();
      const row = await repo.insert({
        tokenHash: sha256(token),
        userId: input.userId,
        partnerId: input.partnerId,
        agentId: input.agentId ?? null,
        kind: input.kind ?? 'user',
        panels: input.panels ? [...input.panels] : null,
        expiresAt: new Date(now.getTime() + SESSION_TIMEOUT_MS),
      });
      // An agent acting for a customer is not the customer signing in.
      if (!input.agentId) await repo.markSignIn(input.userId, now);
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
      const token = bearerToken(authorization);
      if (!token) throw new AppError('UNAUTHORISED', { message: 'Sign in first' });
      const caller = await lookUp(sha256(token), clock.now());
      if (caller?.partnerId !== partnerId)
        throw new AppError('UNAUTHORISED', { message: 'The session has ended; sign in again' });
      return caller;
    },

    /** Calls `handler` with the ids of sessions that end, on any instance; answers the unsubscribe. */
    onEnded(handler: (sessionIds: string[]) => void): () => void {
      endedHandlers.add(handler);
      return () => endedHandlers.delete(handler);
    },

    /** Audit: what an agent did through a session acting for a customer. */
    /** An agent's write for a customer: which call, its outcome, the fields it sent. */
    async recordAgentAction(
      caller: Caller,
      action: string,
      statusCode: number,
      fields: string[] = [],
    ): Promise<void> {
      if (!caller.agentId) return;
      await audit.record({
        partnerId: caller.partnerId,
        agentId: caller.agentId,
        userId: caller.userId,
        action,
        statusCode,
        fields,
      });
    },

    // Each ends sessions on every instance; this one stops trusting them at once, before the
    // announcement comes back.
    /** Ends a session (logout). */
    revoke: async (sessionId: string) => {
      await repo.revoke(sessionId, clock.now());
      drop((caller) => caller.sessionId === sessionId);
    },
    /**
     * Ends every session of a user, and those they opened acting for customers (a new
     * password, a disabled account).
     */
    revokeAllForUser: async (userId: string) => {
      await repo.revokeAllForUser(userId, clock.now());
      drop((caller) => caller.userId === userId || caller.agentId === userId);
    },
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
