import { isRecord } from '../../lib/is-record.ts';
import { storedValue } from '../../lib/storage.ts';

/** The browser's side of a session; not an API payload, so it is defined here. */
export type Session = { token: string; userId?: string };

const parseSession = (raw: unknown): Session | undefined =>
  isRecord(raw) &&
  typeof raw.token === 'string' &&
  raw.token !== '' &&
  (raw.userId === undefined || typeof raw.userId === 'string')
    ? (raw as Session)
    : undefined;

/** Per tab (sessionStorage): closing the tab ends the session; the bearer token must not outlive it. */
const slot = storedValue<Session>('session', parseSession, () => window.sessionStorage);
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** The logged-in state of spec 1 §4: a token in session storage, or nothing. */
export const sessionStore = {
  get: (): Session | undefined => slot.read(),
  getToken: (): string | undefined => slot.read()?.token,
  start(session: Session): void {
    slot.write(session);
    emit();
  },
  /** Logout, any 401, timeout and a failed session setup all end here. */
  clear(): void {
    slot.remove();
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
