import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';
import { agentSessionStore } from './agent-session-store.ts';
import { establishSession } from './establish-session.ts';
import { clearLocalSession } from './local-session.ts';
import { revokeSessions } from './logout.ts';
import { sessionTabs } from './session-tabs.ts';
import { sessionStore, type Session } from './session-store.ts';

type Deps = { api: ApiClient; queryClient: QueryClient; partnerId: string };

/**
 * Puts an agent's own session back as it was kept aside, with its original login time (the
 * agent's 60 minutes do not restart).
 */
export async function restoreAgentSession(deps: Deps, agent: Session & { userId: string }) {
  await establishSession(
    deps,
    {
      userId: agent.userId,
      token: agent.token,
      ...(agent.expiresAt ? { expiresAt: agent.expiresAt } : {}),
    },
    { ...(agent.startedAt !== undefined ? { startedAt: agent.startedAt } : {}) },
  );
}

/**
 * "Stop acting" (spec 1 §6): logs the acting session out and puts the agent's own session
 * back; the other tabs acting with it go back to the agent's session too. Without a session
 * kept aside there is nothing to restore: the user is logged out.
 */
export async function stopActing(deps: Deps): Promise<'restored' | 'logged-out'> {
  const acting = sessionStore.getToken();
  const agent = agentSessionStore.get();
  agentSessionStore.clear();
  if (acting) await revokeSessions(deps.api, [acting]);
  const ended = acting ? [acting] : [];
  if (!agent?.userId) {
    clearLocalSession();
    sessionTabs.announceEnd(ended);
    return 'logged-out';
  }
  try {
    await restoreAgentSession(deps, { ...agent, userId: agent.userId });
  } catch (error) {
    sessionTabs.announceEnd(ended);
    throw error;
  }
  sessionTabs.announceEnd(ended, sessionTabs.current());
  return 'restored';
}
