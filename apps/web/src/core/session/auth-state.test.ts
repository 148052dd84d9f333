import { accessProfileFor } from '@tern/domain/access';
import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, parseAuthState } from './auth-state.ts';

const agentProfile = accessProfileFor(['AGENT']);
const userProfile = accessProfileFor(['USER']);

describe('the auth state (spec 1 §4 "Auth actions")', () => {
  it('login sets authenticated; logout clears it; error stores the error', () => {
    const loggedIn = authReducer(initialAuthState, { type: 'login' });
    expect(loggedIn.authenticated).toBe(true);
    expect(authReducer(loggedIn, { type: 'logout' }).authenticated).toBe(false);
    expect(authReducer(loggedIn, { type: 'error', error: 'errors.unauthorised' })).toMatchObject({
      authenticated: true,
      error: 'errors.unauthorised',
    });
  });

  it('roles stores partner, agent and access profile, and the login roles', () => {
    const state = authReducer(initialAuthState, {
      type: 'roles',
      roles: ['AGENT'],
      partnerId: 'travel',
      accessProfile: agentProfile,
    });
    expect(state).toMatchObject({
      roles: ['AGENT'],
      loginRoles: ['AGENT'],
      partnerId: 'travel',
      agentId: null,
      accessProfile: agentProfile,
    });
  });

  it("keeps the agent's login roles while acting for a customer", () => {
    const agent = authReducer(initialAuthState, {
      type: 'roles',
      roles: ['AGENT'],
      partnerId: 'travel',
      accessProfile: agentProfile,
    });
    const acting = authReducer(agent, {
      type: 'roles',
      roles: ['USER'],
      partnerId: 'travel',
      agentId: 'agent-1',
      accessProfile: userProfile,
    });
    expect(acting).toMatchObject({ roles: ['USER'], loginRoles: ['AGENT'], agentId: 'agent-1' });
  });

  it('reset returns to the initial state', () => {
    const state = authReducer(authReducer(initialAuthState, { type: 'login' }), {
      type: 'error',
      error: 'x',
    });
    expect(authReducer(state, { type: 'reset' })).toEqual(initialAuthState);
  });

  it('reads back only a stored state of the right shape', () => {
    expect(parseAuthState({ ...initialAuthState, authenticated: true })?.authenticated).toBe(true);
    expect(parseAuthState({ authenticated: 'yes' })).toBeUndefined();
    expect(parseAuthState(null)).toBeUndefined();
  });
});
