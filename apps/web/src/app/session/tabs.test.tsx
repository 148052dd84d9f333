import { screen, waitFor, within } from '@testing-library/react';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { datasetStore } from '../../core/data/dataset-store.ts';
import { authStore } from '../../core/session/auth-store.ts';
import { agentSessionStore } from '../../core/session/agent-session-store.ts';
import { sessionStore, type Session } from '../../core/session/session-store.ts';
import { sessionTabs } from '../../core/session/session-tabs.ts';
import {
  createTabChannel,
  type SharedSession,
  type TabChannel,
} from '../../core/session/tab-channel.ts';
import { fakeApi, ids, requestsTo, userDetails } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// This tab is the app under test; the other tab is a channel of the same name holding its
// session in memory (jsdom has one sessionStorage: two tabs of the app cannot share it).

const CHANNEL = 'tern.session.app-test';
const session: Session = { token: 'tok-1', userId: ids.user, startedAt: Date.now() };

let otherTab: { channel: TabChannel; held: () => SharedSession | undefined } | undefined;
const openOtherTab = (held?: SharedSession) => {
  let current = held;
  const channel = createTabChannel(
    new BroadcastChannel(CHANNEL),
    {
      current: () => current,
      adopt: (shared) => {
        current = shared;
      },
      drop: () => {
        current = undefined;
      },
    },
    { waitMs: 300 },
  );
  otherTab = { channel, held: () => current };
  return otherTab;
};
const joinTabs = () => sessionTabs.join(new BroadcastChannel(CHANNEL));

afterEach(() => {
  sessionTabs.leave();
  otherTab?.channel.close();
  otherTab = undefined;
});

const openUserMenu = async (user: Awaited<ReturnType<typeof renderApp>>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Uma User' }));
  return screen.findByRole('menu');
};

describe('the session across tabs', () => {
  it('opens a new tab on the dashboard signed in with the session of an open tab', async () => {
    openOtherTab({ session });
    joinTabs();
    const { fetch } = await renderApp({ path: '/dashboard', route: fakeApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' })).toBeVisible();
    // The same session, login time included (the 60 minutes count from the first sign-in).
    expect(sessionStore.get()).toEqual(session);
    expect(requestsTo(fetch, accountsContracts.details).map((r) => r.token)).toContain('tok-1');
  });

  it('waits for the other tabs, then sends a new tab to sign in when none has a session', async () => {
    openOtherTab();
    joinTabs();
    await renderApp({ path: '/dashboard', route: fakeApi() });
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByTestId('landing')).not.toBeInTheDocument();
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(sessionStore.get()).toBeUndefined();
  });

  it('signs the other tabs out when this one logs out', async () => {
    sessionStore.start(session);
    const other = openOtherTab({ session });
    joinTabs();
    const { user } = await renderApp({ path: '/dashboard', route: fakeApi() });
    await user.click(within(await openUserMenu(user)).getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    await waitFor(() => expect(other.held()).toBeUndefined());
  });

  it('signs this tab out when another logs out, without calling the API again', async () => {
    sessionStore.start(session);
    const other = openOtherTab({ session });
    joinTabs();
    const { fetch } = await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    other.channel.announceEnd(['tok-1']);
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(sessionStore.get()).toBeUndefined();
    expect(window.localStorage.getItem('tern.auth')).toBeNull();
    expect(authStore.get().authenticated).toBe(false);
    expect(datasetStore.get()).toEqual({ loaded: [], completed: false });
    expect(requestsTo(fetch, accountsContracts.logout)).toHaveLength(0);
  });

  it('keeps this tab signed in when another tab ends a session it does not hold', async () => {
    sessionStore.start(session);
    const other = openOtherTab();
    joinTabs();
    await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    other.channel.announceEnd(['tok-someone-else']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Uma' })).toBeVisible();
    expect(sessionStore.get()).toEqual(session);
  });

  it('moves the other tabs acting for a customer back to the agent’s session when this one stops acting', async () => {
    const agent: Session = {
      token: 'agent-token',
      userId: ids.agent,
      startedAt: Date.now() - 1000,
    };
    const acting: Session = {
      token: 'acting-token',
      userId: ids.customer,
      agentId: ids.agent,
      agentName: 'Avery Agent',
      startedAt: Date.now(),
    };
    agentSessionStore.set(agent);
    sessionStore.start(acting);
    const other = openOtherTab({ session: acting, agentSession: agent });
    joinTabs();
    const { user } = await renderApp({
      path: '/dashboard',
      route: fakeApi(
        {},
        {
          users: {
            [ids.agent]: userDetails({
              id: ids.agent,
              firstName: 'Avery',
              surname: 'Agent',
              roles: ['AGENT'],
            }),
            [ids.customer]: userDetails({
              id: ids.customer,
              firstName: 'Cora',
              surname: 'Customer',
            }),
          },
        },
      ),
    });
    const banner = await screen.findByRole('region', { name: 'Acting for a customer' });
    await user.click(within(banner).getByRole('button', { name: 'Stop acting' }));
    await waitFor(() => expect(other.held()).toEqual({ session: agent }));
    expect(sessionStore.get()).toMatchObject({ token: 'agent-token' });
  });
});
