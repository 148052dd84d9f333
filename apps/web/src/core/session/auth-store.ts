import { useSyncExternalStore } from 'react';
import { observableSlot } from '../../lib/observable-slot.ts';
import { storedValue } from '../../lib/storage.ts';
import {
  authReducer,
  initialAuthState,
  parseAuthState,
  type AuthAction,
  type AuthState,
} from './auth-state.ts';
import { sessionStore } from './session-store.ts';

/**
 * The auth state, persisted in local storage (spec 1 §4 "Persistence": auth). It only counts
 * while this tab has a session, and only for that session's user: without a token in session
 * storage it reads as the initial state (keeping only the error of a failed sign-in), so a
 * closed tab never leaves someone "authenticated" for the next visit; written by another tab
 * signed in as someone else, it reads as the initial state too, never as their roles.
 */
type StoredAuth = AuthState & { userId?: string };
const slot = observableSlot(
  storedValue<StoredAuth>('auth', (raw) => {
    const state = parseAuthState(raw);
    const userId = (raw as { userId?: unknown }).userId;
    return state && { ...state, ...(typeof userId === 'string' ? { userId } : {}) };
  }),
);

let signedOut: { from: AuthState | undefined; state: AuthState } = {
  from: undefined,
  state: initialAuthState,
};

/** Signed out, only the error of a failed sign-in survives (the same object while unchanged). */
const signedOutState = (stored: AuthState | undefined): AuthState => {
  if (signedOut.from !== stored) {
    signedOut = {
      from: stored,
      state: stored?.error ? { ...initialAuthState, error: stored.error } : initialAuthState,
    };
  }
  return signedOut.state;
};

const read = (): AuthState => {
  const session = sessionStore.get();
  if (!session?.token) return signedOutState(slot.get());
  const stored = slot.get();
  return stored && stored.userId === session.userId ? stored : initialAuthState;
};

const stampOf = (userId: string | undefined) => (userId ? { userId } : {});

export const authStore = {
  get: read,
  dispatch(action: AuthAction): void {
    const next = authReducer(read(), action);
    if (action.type === 'reset') slot.clear();
    else slot.set({ ...next, ...stampOf(sessionStore.get()?.userId) });
  },
  subscribe: (listener: () => void): (() => void) => {
    const stopAuth = slot.subscribe(listener);
    const stopSession = sessionStore.subscribe(listener);
    return () => {
      stopAuth();
      stopSession();
    };
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
