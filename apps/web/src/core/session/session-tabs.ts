import { agentSessionStore } from './agent-session-store.ts';
import { clearLocalSession } from './local-session.ts';
import { sessionStore } from './session-store.ts';
import {
  createTabChannel,
  type ChannelPort,
  type SharedSession,
  type TabChannel,
  type TabSessions,
} from './tab-channel.ts';

/** The channel's name; BroadcastChannel keeps it to this origin (one partner's portal). */
const CHANNEL_NAME = 'tern.session';

/**
 * How long a new tab waits for an open tab's session before it counts as signed out. Tabs
 * of one browser answer within milliseconds; a busy one may take longer. Only pages behind a
 * session wait, and only in a tab that starts without one.
 */
const TAB_ANSWER_WAIT_MS = 400;

/** This tab's session as the stores hold it. */
const thisTab: TabSessions = {
  current() {
    const session = sessionStore.get();
    if (!session) return undefined;
    const agentSession = agentSessionStore.get();
    return agentSession ? { session, agentSession } : { session };
  },
  adopt({ session, agentSession }) {
    // The agent's session first: the acting banner reads both once the session changes.
    if (agentSession) agentSessionStore.set(agentSession);
    else agentSessionStore.clear();
    sessionStore.start(session);
  },
  drop: clearLocalSession,
};

let channel: TabChannel | undefined;
let asking = false;
const listeners = new Set<() => void>();
const setAsking = (value: boolean) => {
  asking = value;
  listeners.forEach((listener) => listener());
};

/** This tab among the portal's other open tabs (ADR 0009). */
export const sessionTabs = {
  /**
   * Start-up (main.tsx): joins the other tabs, answering their questions from now on; a tab
   * that starts without a session asks them for theirs. Without BroadcastChannel, the tab
   * keeps its session to itself, as before.
   */
  join(
    port: ChannelPort | undefined = typeof BroadcastChannel === 'undefined'
      ? undefined
      : new BroadcastChannel(CHANNEL_NAME),
  ): void {
    if (channel || !port) return;
    channel = createTabChannel(port, thisTab, { waitMs: TAB_ANSWER_WAIT_MS });
    if (sessionStore.get()) return;
    setAsking(true);
    void channel.ask().finally(() => setAsking(false));
  },
  /** Sessions ended here (logout, a 401, timeout, Stop acting): the tabs holding them follow. */
  announceEnd(tokens: readonly string[], next?: SharedSession): void {
    channel?.announceEnd(tokens, next);
  },
  /** This tab's session as another tab would take it. */
  current: (): SharedSession | undefined => thisTab.current(),
  /** Whether this tab is still waiting for the other tabs' answer. */
  isAsking: (): boolean => asking,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Leaves the other tabs (tests). */
  leave(): void {
    channel?.close();
    channel = undefined;
    setAsking(false);
  },
};
