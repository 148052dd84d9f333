import { isRecord } from '../../lib/is-record.ts';
import { parseSession, type Session } from './session-store.ts';

/** What one tab hands another: its session, and an agent's own session kept aside while acting. */
export type SharedSession = { session: Session; agentSession?: Session };

/** The part of `BroadcastChannel` the tabs use: same origin only, never persisted. */
export type ChannelPort = Pick<
  BroadcastChannel,
  'postMessage' | 'addEventListener' | 'removeEventListener' | 'close'
>;

/** What a tab holds, and how it takes or drops a session: the app's stores, or a test's. */
export type TabSessions = {
  current(): SharedSession | undefined;
  adopt(shared: SharedSession): void;
  /** Drops the local session without calling the server (another tab has). */
  drop(): void;
};

/**
 * The messages between tabs: a tab without a session asks; a tab with one answers; a tab
 * where sessions ended says which tokens are over, and what replaces them (an agent who stops
 * acting is back on their own session).
 */
type TabMessage =
  | { type: 'ask' }
  | { type: 'answer'; shared: SharedSession }
  | { type: 'ended'; tokens: string[]; next?: SharedSession };

const parseShared = (raw: unknown): SharedSession | undefined => {
  if (!isRecord(raw)) return undefined;
  const session = parseSession(raw.session);
  if (!session) return undefined;
  if (raw.agentSession === undefined) return { session };
  const agentSession = parseSession(raw.agentSession);
  return agentSession ? { session, agentSession } : undefined;
};

/** A message of another tab, or undefined when it is not one (another build, another script). */
const parseMessage = (raw: unknown): TabMessage | undefined => {
  if (!isRecord(raw)) return undefined;
  if (raw.type === 'ask') return { type: 'ask' };
  if (raw.type === 'answer') {
    const shared = parseShared(raw.shared);
    return shared && { type: 'answer', shared };
  }
  if (
    raw.type === 'ended' &&
    Array.isArray(raw.tokens) &&
    raw.tokens.every((token) => typeof token === 'string')
  ) {
    const next = raw.next === undefined ? undefined : parseShared(raw.next);
    if (raw.next !== undefined && !next) return undefined;
    return { type: 'ended', tokens: raw.tokens, ...(next ? { next } : {}) };
  }
  return undefined;
};

export type TabChannel = {
  /**
   * Asks the open tabs for their session and takes the first answer, if this tab still has
   * none by then. Resolves with it, or undefined when no tab answers within `waitMs` (no other
   * tab is open, or none is signed in): then a sign-in is needed.
   */
  ask(): Promise<SharedSession | undefined>;
  /** Tells the other tabs these tokens are over here, and which session replaces them. */
  announceEnd(tokens: readonly string[], next?: SharedSession): void;
  close(): void;
};

/**
 * The portal's tabs sharing one session over a same-origin channel (ADR 0009): a new tab asks
 * the open ones for theirs, so it opens signed in; a session that ends in one tab (logout, a
 * 401, the timeout, Stop acting) ends in every tab holding it. Nothing is written anywhere:
 * with no other tab open, the browser holds no session and a sign-in is expected.
 */
export function createTabChannel(
  port: ChannelPort,
  tab: TabSessions,
  { waitMs }: { waitMs: number },
): TabChannel {
  const post = (message: TabMessage) => port.postMessage(message);
  let waiting: ((shared: SharedSession) => void) | undefined;

  const onEnded = ({ tokens, next }: { tokens: string[]; next?: SharedSession }) => {
    const held = tab.current();
    if (!held) return;
    if (tokens.includes(held.session.token)) {
      if (next) tab.adopt(next);
      else tab.drop();
    } else if (held.agentSession && tokens.includes(held.agentSession.token)) {
      // The agent's own session is over: acting goes on, with nothing to go back to.
      tab.adopt({ session: held.session });
    }
  };

  const onMessage = (event: MessageEvent) => {
    const message = parseMessage(event.data);
    if (!message) return;
    if (message.type === 'ask') {
      const held = tab.current();
      if (held) post({ type: 'answer', shared: held });
    } else if (message.type === 'answer') {
      waiting?.(message.shared);
    } else {
      onEnded(message);
    }
  };
  port.addEventListener('message', onMessage);

  return {
    ask() {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting = undefined;
          resolve(undefined);
        }, waitMs);
        waiting = (shared) => {
          clearTimeout(timer);
          waiting = undefined;
          // A sign-in in this tab while it waited wins over the answer.
          if (tab.current()) return resolve(undefined);
          tab.adopt(shared);
          resolve(shared);
        };
        post({ type: 'ask' });
      });
    },
    announceEnd(tokens, next) {
      if (tokens.length === 0) return;
      post({ type: 'ended', tokens: [...tokens], ...(next ? { next } : {}) });
    },
    close() {
      port.removeEventListener('message', onMessage);
      port.close();
    },
  };
}
