import { describe, expect, it } from 'vitest';
import { authStore } from './auth-store.ts';
import { initialAuthState } from './auth-state.ts';
import { sessionStore } from './session-store.ts';

const roles = {
  type: 'roles' as const,
  roles: ['AGENT' as const],
  partnerId: 'travel',
  accessProfile: [{ feature: 'agent-console', actions: ['SEARCH'] }],
};

describe('the persisted auth state', () => {
  it("belongs to the session's user: another user's, written by another tab, reads as signed out", () => {
    sessionStore.start({ token: 'agent-token', userId: 'agent-1' });
    authStore.dispatch(roles);
    authStore.dispatch({ type: 'login' });
    expect(authStore.get()).toMatchObject({ authenticated: true, roles: ['AGENT'] });
    expect(JSON.parse(window.localStorage.getItem('tern.auth')!)).toMatchObject({
      userId: 'agent-1',
    });

    // This tab now holds another user's session (the stored state is the agent's).
    sessionStore.start({ token: 'user-token', userId: 'user-2' });
    expect(authStore.get()).toEqual(initialAuthState);
  });

  it('reads as signed out without a session in this tab', () => {
    sessionStore.start({ token: 'agent-token', userId: 'agent-1' });
    authStore.dispatch(roles);
    sessionStore.clear();
    expect(authStore.get()).toEqual(initialAuthState);
  });
});
