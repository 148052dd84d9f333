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
 * while this tab has a session: without a token in session storage it reads as the initial
 * state (keeping only the error of a failed sign-in), so a closed tab never leaves someone
 * "authenticated" for the next visit.
 */
const slot = observableSlot(storedValue<AuthState>('auth', parseAuthState));

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

const read = (): AuthState =>
  sessionStore.getToken() ? (slot.get() ?? initialAuthState) : signedOutState(slot.get());

export const authStore = {
  get: read,
  dispatch(action: AuthAction): void {
    const next = authReducer(read(), action);
    if (action.type === 'reset') slot.clear();
    else slot.set(next);
  },
  subscribe(listener: () => void): () => void {
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
