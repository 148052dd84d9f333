import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http.ts';
import { agentSessionStore } from './agent-session-store.ts';
import { establishSession, type SignedIn } from './establish-session.ts';
import { clearLocalSession, revokeSessions } from './logout.ts';
import { sessionStore } from './session-store.ts';

/**
 * "Stop acting" (spec 1 §6): logs the acting session out and puts the agent's own session
 * back, with its original login time (the agent's 60 minutes do not restart). Without a
 * session kept aside there is nothing to restore: the user is logged out.
 */
export async function stopActing(deps: {
  http: HttpClient;
  queryClient: QueryClient;
  partnerId: string;
}): Promise<'restored' | 'logged-out'> {
  const acting = sessionStore.getToken();
  const agent = agentSessionStore.get();
  agentSessionStore.clear();
  if (acting) await revokeSessions(deps.http, [acting]);
  if (!agent?.userId) {
    clearLocalSession();
    return 'logged-out';
  }
  const signedIn: SignedIn = {
    userId: agent.userId,
    token: agent.token,
    ...(agent.expiresAt ? { expiresAt: agent.expiresAt } : {}),
  };
  await establishSession(deps, signedIn, {
    ...(agent.startedAt !== undefined ? { startedAt: agent.startedAt } : {}),
  });
  return 'restored';
}
