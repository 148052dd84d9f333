import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session-store.ts';

const isLoggedIn = () => sessionStore.getToken() !== undefined;

/** Re-renders when a session starts or ends (login, logout, 401). */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, isLoggedIn, isLoggedIn);
}

/** The current session (token, user id, agent), re-rendering when it starts, ends or changes. */
export function useSession(): Session | undefined {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
