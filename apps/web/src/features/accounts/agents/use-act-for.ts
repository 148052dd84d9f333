import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { paths } from '../../../core/routing/paths.ts';
import { agentSessionStore } from '../../../core/session/agent-session-store.ts';
import { fullName, useAccount } from '../../../core/session/account.ts';
import { authStore } from '../../../core/session/auth-store.ts';
import { establishSession, SessionSetupError } from '../../../core/session/establish-session.ts';
import { revokeSessions } from '../../../core/session/logout.ts';
import { sessionStore } from '../../../core/session/session-store.ts';
import { restoreAgentSession } from '../../../core/session/stop-acting.ts';

/**
 * "Act for" (spec 1 §6): the agent's own session is kept aside, the customer's acting session
 * takes its place (the agent's login roles stay), and the customer's portal opens. If the
 * acting session cannot be set up, the agent's own session is put back.
 */
export function useActFor() {
  const { api, runtime } = useAppServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const agent = useAccount();
  const agentName = agent ? fullName(agent) : undefined;
  return useCallback(
    async (userId: string) => {
      const own = sessionStore.get();
      if (!own?.userId) throw new Error('act-for needs a signed-in agent');
      const { loginRoles } = authStore.get();
      const acting = await api.call(accountsContracts.actFor, { body: { userId } });
      const deps = { api, queryClient, partnerId: runtime.partnerId };
      agentSessionStore.set(own);
      try {
        await establishSession(deps, acting, { loginRoles, ...(agentName ? { agentName } : {}) });
      } catch (error) {
        if (!(error instanceof SessionSetupError)) throw error;
        // The failed setup cleared every session here; the acting one must not stay live on
        // the server either. Then the agent's own session comes back.
        agentSessionStore.clear();
        await revokeSessions(api, [acting.token]);
        await restoreAgentSession(deps, { ...own, userId: own.userId });
        throw error;
      }
      await navigate(paths.dashboard, { replace: true });
    },
    [api, queryClient, runtime.partnerId, navigate, agentName],
  );
}
