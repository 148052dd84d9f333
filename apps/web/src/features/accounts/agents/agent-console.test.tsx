import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { agentSessionStore } from '../../../core/session/agent-session-store.ts';
import { authStore } from '../../../core/session/auth-store.ts';
import { sessionStore } from '../../../core/session/session-store.ts';
import {
  apiError,
  fakeApi,
  ids,
  matchContract,
  requestsTo,
  sessionOf,
  userDetails,
  type FakeRequest,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

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

const agentWorld = () =>
  fakeApi(
    {
      'accounts.searchCustomers': ({ query }) =>
        query.query === 'cora'
          ? [
              {
                userId: ids.customer,
                firstName: 'Cora',
                surname: 'Customer',
                emailAddress: 'cora@example.com',
              },
            ]
          : [],
      'accounts.actFor': ({ body }) =>
        body.userId === ids.customer ? actingSession : apiError('USER_NOT_FOUND'),
    },
    { users: { [ids.agent]: agent, [ids.customer]: customer } },
  );

type Fetch = Awaited<ReturnType<typeof renderApp>>['fetch'];
const authorizationOf = ({ init }: FakeRequest<typeof accountsContracts.logout>) =>
  (init.headers as Record<string, string> | undefined)?.Authorization;
/** The Authorization header of each logout the portal sent, in order. */
const logoutsOf = (fetch: Fetch) =>
  requestsTo(fetch, accountsContracts.logout).map(authorizationOf);

const signInAgent = () =>
  sessionStore.start({ token: 'agent-token', userId: ids.agent, startedAt: Date.now() - 1000 });

/** From the agent's dashboard: find Cora and act for her. */
async function actForCora(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  const agentConsole = await screen.findByRole('region', { name: 'Find a customer' });
  await user.type(within(agentConsole).getByRole('searchbox'), 'cora');
  await user.click(within(agentConsole).getByRole('button', { name: 'Search' }));
  await user.click(
    await within(agentConsole).findByRole('button', { name: 'Act for Cora Customer' }),
  );
}

describe('the agent console', () => {
  it('is not shown to customers', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    expect(screen.queryByRole('region', { name: 'Find a customer' })).not.toBeInTheDocument();
  });

  it('finds customers by email or name and says when none match', async () => {
    signInAgent();
    const { user, fetch } = await renderApp({ path: '/dashboard', route: agentWorld() });
    const agentConsole = await screen.findByRole('region', { name: 'Find a customer' });
    // An agent's home is the console: no customer cards with "You have no active policy".
    expect(screen.getByRole('heading', { level: 1, name: 'Agent console' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
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
    expect(requestsTo(fetch, accountsContracts.searchCustomers).map((r) => r.query)).toEqual([
      { query: 'nobody' },
      { query: 'cora' },
    ]);
  });

  it("acts for a customer behind a banner, then stops and gets the agent's session back", async () => {
    signInAgent();
    const { user, fetch } = await renderApp({ path: '/dashboard', route: agentWorld() });
    await actForCora(user);

    const banner = await screen.findByRole('region', { name: 'Acting for a customer' });
    // Both identities: the agent's, and the customer's whose portal this is.
    expect(banner).toHaveTextContent('Avery Agent acting for Cora Customer');
    await waitFor(() => expect(document.title).toBe('Dashboard · Skyway Travel'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Cora' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Find a customer' })).not.toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ token: actingSession.token, agentId: ids.agent });
    expect(agentSessionStore.get()).toMatchObject({ token: 'agent-token', userId: ids.agent });
    expect(authStore.get()).toMatchObject({
      roles: ['USER'],
      loginRoles: ['AGENT'],
      agentId: ids.agent,
    });

    await user.click(within(banner).getByRole('button', { name: 'Stop acting' }));
    // The agent's own home: the console, not a customer's dashboard.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Agent console' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Agent console · Skyway Travel'));
    expect(screen.queryByRole('region', { name: 'Acting for a customer' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Find a customer' })).toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ token: 'agent-token', userId: ids.agent });
    expect(sessionStore.get()?.agentId).toBeUndefined();
    expect(agentSessionStore.get()).toBeUndefined();
    await waitFor(() =>
      expect(authStore.get()).toMatchObject({ loginRoles: ['AGENT'], agentId: null }),
    );
    expect(logoutsOf(fetch)[0]).toBe(`Bearer ${actingSession.token}`);
  });

  it('logs out of both sessions when the agent logs out while acting', async () => {
    signInAgent();
    const { user, fetch } = await renderApp({ path: '/dashboard', route: agentWorld() });
    await actForCora(user);
    await screen.findByRole('region', { name: 'Acting for a customer' });
    await user.click(await screen.findByRole('button', { name: 'Cora Customer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    await waitFor(() =>
      expect(logoutsOf(fetch)).toEqual([`Bearer ${actingSession.token}`, 'Bearer agent-token']),
    );
    expect(sessionStore.get()).toBeUndefined();
    expect(agentSessionStore.get()).toBeUndefined();
  });

  it("ends the acting session on the server when the customer's portal cannot be set up", async () => {
    signInAgent();
    const route = agentWorld();
    const failingCustomer: typeof route = (url, init) => {
      const call = matchContract(url, init.method ?? 'GET');
      return call?.contract.id === accountsContracts.access.id && call.params.id === ids.customer
        ? apiError('INTERNAL_ERROR')
        : route(url, init);
    };
    const { user, fetch } = await renderApp({ path: '/dashboard', route: failingCustomer });
    await actForCora(user);
    await waitFor(() =>
      expect(sessionStore.get()).toMatchObject({ token: 'agent-token', userId: ids.agent }),
    );
    expect(agentSessionStore.get()).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Acting for a customer' })).not.toBeInTheDocument();
    expect(logoutsOf(fetch)).toEqual([`Bearer ${actingSession.token}`]);
  });
});
