import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppServices } from '../../app/app-services.ts';
import { paths } from '../../app/routing/paths.ts';
import { agentSessionStore } from '../../app/session/agent-session-store.ts';
import { authStore } from '../../app/session/auth-store.ts';
import { establishSession, SessionSetupError } from '../../app/session/establish-session.ts';
import { revokeSessions } from '../../app/session/logout.ts';
import { sessionStore } from '../../app/session/session-store.ts';
import { restoreAgentSession } from '../../app/session/stop-acting.ts';
import { actFor } from './agents-api.ts';

/**
 * "Act for" (spec 1 §6): the agent's own session is kept aside, the customer's acting session
 * takes its place (the agent's login roles stay), and the customer's portal opens. If the
 * acting session cannot be set up, the agent's own session is put back.
 */
export function useActFor() {
  const { http, runtime } = useAppServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (userId: string) => {
      const own = sessionStore.get();
      if (!own?.userId) throw new Error('act-for needs a signed-in agent');
      const { loginRoles } = authStore.get();
      const acting = await actFor(http, userId);
      const deps = { http, queryClient, partnerId: runtime.partnerId };
      agentSessionStore.set(own);
      try {
        await establishSession(deps, acting, { loginRoles });
      } catch (error) {
        if (!(error instanceof SessionSetupError)) throw error;
        // The failed setup cleared every session here; the acting one must not stay live on
        // the server either. Then the agent's own session comes back.
        agentSessionStore.clear();
        await revokeSessions(http, [acting.token]);
        await restoreAgentSession(deps, { ...own, userId: own.userId });
        throw error;
      }
      await navigate(paths.dashboard, { replace: true });
    },
    [http, queryClient, runtime.partnerId, navigate],
  );
}
