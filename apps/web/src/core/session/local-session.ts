import { datasetStore } from '../data/dataset-store.ts';
import { forgetAccount } from './account-store.ts';
import { agentSessionStore } from './agent-session-store.ts';
import { authStore } from './auth-store.ts';
import { sessionStore } from './session-store.ts';

/**
 * Every piece of local state a session owns: token and id (and an agent's session kept
 * aside), account, auth, loaded datasets. The query cache follows the token (query-provider).
 * A failed session setup, logout, any 401, a timeout and a session ended in another tab all
 * end here.
 */
export function clearLocalSession(): void {
  sessionStore.clear();
  agentSessionStore.clear();
  forgetAccount();
  authStore.dispatch({ type: 'reset' });
  datasetStore.reset();
}
