import { useSyncExternalStore } from 'react';
import { sessionStore } from './session-store.ts';

const isLoggedIn = () => sessionStore.getToken() !== undefined;

/** Re-renders when a session starts or ends (login, logout, 401). */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, isLoggedIn, isLoggedIn);
}
