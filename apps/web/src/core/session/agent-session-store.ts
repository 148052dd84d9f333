import { observableSlot } from '../../lib/observable-slot.ts';
import { tabStorage } from './tab-storage.ts';
import { storedValue } from '../../lib/storage.ts';
import { parseSession, type Session } from './session-store.ts';

/**
 * The agent's own session, kept aside (session storage, like every token) while the agent
 * acts for a customer with the acting session; "Stop acting" puts it back.
 */
export const agentSessionStore = observableSlot(
  storedValue<Session>('agent-session', parseSession, tabStorage),
);
