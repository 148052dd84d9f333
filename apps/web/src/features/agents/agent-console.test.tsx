import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentSessionStore } from '../../app/session/agent-session-store.ts';
import { authStore } from '../../app/session/auth-store.ts';
import { sessionStore } from '../../app/session/session-store.ts';
import { jsonResponse } from '../../test/fake-fetch.ts';
import { bodyOf, fakeApi, ids, sessionOf, userDetails } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const agent = userDetails({
  id: ids.agent,
  firstName: 'Avery',
  surname: 'Agent',
  roles: ['AGENT'],
});
const customer = userDetails({
  id: ids.customer,
  firstName: 'Cora',
  surname: 'Customer',
  emailAddress: 'cora@example.com',
});
const actingSession = sessionOf(ids.customer, { agentId: ids.agent });

function agentWorld() {
  const searches: string[] = [];
  const route = fakeApi(
    {
      'GET /platform/agent/customers': (url) => {
        searches.push(url.searchParams.get('query') ?? '');
        return jsonResponse(
          200,
          url.searchParams.get('query') === 'cora'
            ? [
                {
                  userId: ids.customer,
                  firstName: 'Cora',
                  surname: 'Customer',
                  emailAddress: 'cora@example.com',
                },
              ]
            : [],
        );
      },
      'POST /platform/agent/act-for': (_, init) =>
        bodyOf(init).userId === ids.customer
          ? jsonResponse(200, actingSession)
          : jsonResponse(404, { code: 'USER_NOT_FOUND', status: 404, message: 'x' }),
    },
    { users: { [ids.agent]: agent, [ids.customer]: customer } },
  );
  return { route, searches };
}

const signInAgent = () =>
  sessionStore.start({ token: 'agent-token', userId: ids.agent, startedAt: Date.now() - 1000 });

describe('the agent console', () => {
  it('is not shown to customers', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    expect(screen.queryByRole('region', { name: 'Agent console' })).not.toBeInTheDocument();
  });

  it('finds customers by email or name and says when none match', async () => {
    signInAgent();
    const { route, searches } = agentWorld();
    const { user } = await renderApp({ path: '/dashboard', route });
    const agentConsole = await screen.findByRole('region', { name: 'Agent console' });
    const search = within(agentConsole).getByRole('searchbox', { name: /Find a customer/ });
    await user.type(search, 'c');
    await user.click(within(agentConsole).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(search).toHaveAccessibleDescription('Enter at least 2 characters.'));
    await user.clear(search);
    await user.type(search, 'nobody');
    await user.click(within(agentConsole).getByRole('button', { name: 'Search' }));
    expect(await within(agentConsole).findByRole('status')).toHaveTextContent(
      'No customer matches “nobody”.',
    );
    await user.clear(search);
    await user.type(search, 'cora');
    await user.click(within(agentConsole).getByRole('button', { name: 'Search' }));
    const results = await within(agentConsole).findByRole('list', { name: 'Customers found' });
    expect(within(results).getByText('Cora Customer')).toBeInTheDocument();
    expect(within(results).getByText('cora@example.com')).toBeInTheDocument();
    expect(searches).toEqual(['nobody', 'cora']);
  });

  it("acts for a customer behind a banner, then stops and gets the agent's session back", async () => {
    signInAgent();
    const { route } = agentWorld();
    const { user, fetch } = await renderApp({ path: '/dashboard', route });
    const agentConsole = await screen.findByRole('region', { name: 'Agent console' });
    await user.type(within(agentConsole).getByRole('searchbox'), 'cora');
    await user.click(within(agentConsole).getByRole('button', { name: 'Search' }));
    await user.click(
      await within(agentConsole).findByRole('button', { name: 'Act for Cora Customer' }),
    );

    const banner = await screen.findByRole('region', { name: 'Acting for a customer' });
    expect(banner).toHaveTextContent('Acting for Cora Customer');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Cora' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Agent console' })).not.toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ token: actingSession.token, agentId: ids.agent });
    expect(agentSessionStore.get()).toMatchObject({ token: 'agent-token', userId: ids.agent });
    expect(authStore.get()).toMatchObject({
      roles: ['USER'],
      loginRoles: ['AGENT'],
      agentId: ids.agent,
    });

    await user.click(within(banner).getByRole('button', { name: 'Stop acting' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Avery' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acting for a customer' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Agent console' })).toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ token: 'agent-token', userId: ids.agent });
    expect(sessionStore.get()?.agentId).toBeUndefined();
    expect(agentSessionStore.get()).toBeUndefined();
    await waitFor(() =>
      expect(authStore.get()).toMatchObject({ loginRoles: ['AGENT'], agentId: null }),
    );
    const logout = fetch.mock.calls.find(([url]) => String(url).endsWith('/platform/user/logout'));
    expect(logout?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${actingSession.token}` });
  });

  it('logs out of both sessions when the agent logs out while acting', async () => {
    signInAgent();
    const { route } = agentWorld();
    const { user, fetch } = await renderApp({ path: '/dashboard', route });
    const agentConsole = await screen.findByRole('region', { name: 'Agent console' });
    await user.type(within(agentConsole).getByRole('searchbox'), 'cora');
    await user.click(within(agentConsole).getByRole('button', { name: 'Search' }));
    await user.click(
      await within(agentConsole).findByRole('button', { name: 'Act for Cora Customer' }),
    );
    await screen.findByRole('region', { name: 'Acting for a customer' });
    await user.click(await screen.findByRole('button', { name: 'Cora Customer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    await waitFor(() => {
      const tokens = fetch.mock.calls
        .filter(([url]) => String(url).endsWith('/platform/user/logout'))
        .map(([, init]) => (init?.headers as Record<string, string>).Authorization);
      expect(tokens).toEqual([`Bearer ${actingSession.token}`, 'Bearer agent-token']);
    });
    expect(sessionStore.get()).toBeUndefined();
    expect(agentSessionStore.get()).toBeUndefined();
  });

  it("ends the acting session on the server when the customer's portal cannot be set up", async () => {
    signInAgent();
    const { route } = agentWorld();
    const failingCustomer: typeof route = (url, init) =>
      url.pathname.endsWith(`/platform/users/${ids.customer}/access`)
        ? jsonResponse(500, { code: 'INTERNAL_ERROR', status: 500, message: 'x' })
        : route(url, init);
    const { user, fetch } = await renderApp({ path: '/dashboard', route: failingCustomer });
    const agentConsole = await screen.findByRole('region', { name: 'Agent console' });
    await user.type(within(agentConsole).getByRole('searchbox'), 'cora');
    await user.click(within(agentConsole).getByRole('button', { name: 'Search' }));
    await user.click(
      await within(agentConsole).findByRole('button', { name: 'Act for Cora Customer' }),
    );
    await waitFor(() =>
      expect(sessionStore.get()).toMatchObject({ token: 'agent-token', userId: ids.agent }),
    );
    expect(agentSessionStore.get()).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Acting for a customer' })).not.toBeInTheDocument();
    const revoked = fetch.mock.calls
      .filter(([url]) => String(url).endsWith('/platform/user/logout'))
      .map(([, init]) => (init?.headers as Record<string, string>).Authorization);
    expect(revoked).toEqual([`Bearer ${actingSession.token}`]);
  });
});
