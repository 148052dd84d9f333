import { isRecord } from '../../lib/is-record.ts';
import { tabStorage } from './tab-storage.ts';
import { observableSlot } from '../../lib/observable-slot.ts';
import { storedValue } from '../../lib/storage.ts';
import { SESSION_STORAGE_KEY, type Session } from './session-key.ts';

export type { Session };

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

export const parseSession = (raw: unknown): Session | undefined =>
  isRecord(raw) &&
  typeof raw.token === 'string' &&
  raw.token !== '' &&
  optionalString(raw.userId) &&
  optionalString(raw.expiresAt) &&
  optionalString(raw.agentId) &&
  optionalString(raw.agentName) &&
  (raw.startedAt === undefined || typeof raw.startedAt === 'number')
    ? (raw as Session)
    : undefined;

/**
 * Per tab (sessionStorage; a widget panel: its own memory): closing the tab ends the session;
 * the bearer token must not outlive it.
 */
const slot = observableSlot(storedValue<Session>(SESSION_STORAGE_KEY, parseSession, tabStorage));

/** The logged-in state of spec 1 §4: a token and id in session storage, or nothing. */
export const sessionStore = {
  get: (): Session | undefined => slot.get(),
  getToken: (): string | undefined => slot.get()?.token,
  start: (session: Session): void => slot.set(session),
  /** Logout, any 401, timeout and a failed session setup all end here (through `clearLocalSession`). */
  clear: (): void => slot.clear(),
  subscribe: (listener: () => void): (() => void) => slot.subscribe(listener),
};
