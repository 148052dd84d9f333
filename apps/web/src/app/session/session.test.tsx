import { screen, waitFor, within } from '@testing-library/react';
import { SESSION_TIMEOUT_MS } from '@tern/domain/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import { apiError, fakeApi, ids, requestsTo, userDetails } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { datasetStore } from '../../core/data/dataset-store.ts';
import { authStore } from '../../core/session/auth-store.ts';
import { sessionStore } from '../../core/session/session-store.ts';

const signIn = (extra: Partial<Parameters<typeof sessionStore.start>[0]> = {}) =>
  sessionStore.start({ token: 'tok-1', userId: ids.user, startedAt: Date.now(), ...extra });

const openUserMenu = async (user: Awaited<ReturnType<typeof renderApp>>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Uma User' }));
  return screen.findByRole('menu');
};

const expectSignedOut = () => {
  expect(sessionStore.get()).toBeUndefined();
  expect(window.sessionStorage.getItem('tern.session')).toBeNull();
  expect(window.localStorage.getItem('tern.auth')).toBeNull();
  expect(window.localStorage.getItem('tern.account')).toBeNull();
  expect(authStore.get().authenticated).toBe(false);
  expect(datasetStore.get()).toEqual({ loaded: [], completed: false });
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the session', () => {
  it('shows the user menu with the name, the languages, two-step verification and Log out', async () => {
    signIn();
    const { user, i18n } = await renderApp({ path: '/dashboard', route: fakeApi() });
    const menu = await openUserMenu(user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Español', 'Français', 'Two-step verification', 'Log out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Language: Français' }));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bonjour, Uma' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('tern.language')).toBe('"fr"');
  });

  it('logs out: calls the API with the token, clears local state, goes to /', async () => {
    signIn();
    const { user, fetch } = await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    await waitFor(() => expect(datasetStore.get().completed).toBe(true));
    await user.click(within(await openUserMenu(user)).getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.logout).map((r) => r.token)).toEqual(['tok-1']);
    expectSignedOut();
    expect(screen.queryByRole('button', { name: 'Uma User' })).not.toBeInTheDocument();
  });

  it.each([
    ['the API fails', () => apiError('INTERNAL_ERROR')],
    [
      'the network is down',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('clears local state on logout even when %s', async (_, failure) => {
    signIn();
    const { user } = await renderApp({
      path: '/dashboard',
      route: fakeApi({ 'accounts.logout': failure }),
    });
    await user.click(within(await openUserMenu(user)).getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expectSignedOut();
  });

  it('logs out through the same path on any 401', async () => {
    signIn();
    await renderApp({
      path: '/dashboard',
      route: fakeApi({
        'policies.list': () => apiError('UNAUTHORISED'),
      }),
    });
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    await waitFor(expectSignedOut);
  });

  it('logs out on a 401 from a dataset whose other failures stay on its card', async () => {
    signIn();
    await renderApp({
      path: '/dashboard',
      route: fakeApi({
        'travel.trips': () => apiError('UNAUTHORISED'),
      }),
    });
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(sessionStore.get()).toBeUndefined();
  });

  it('ends 60 minutes after login: back to the initial path with the timeout notice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn({ expiresAt: new Date(Date.now() + 2 * SESSION_TIMEOUT_MS).toISOString() });
    const { fetch } = await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });

    await vi.advanceTimersByTimeAsync(SESSION_TIMEOUT_MS - 1000);
    expect(sessionStore.get()).toBeDefined();
    await vi.advanceTimersByTimeAsync(1000);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'For your security, your session has ended. Please sign in again.',
    );
    // The visit started on /dashboard, which sends a signed-out visitor on to /.
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expectSignedOut();
    expect(requestsTo(fetch, accountsContracts.logout)).toHaveLength(1);
  });

  it("ends at the token's expiry when the login time is unknown, on this browser's clock when it is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The server's expiry (its clock) does not end a session whose login this browser saw.
    signIn({ expiresAt: new Date(Date.now() + 10 * 60 * 1000).toISOString() });
    const first = await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000 + 1000);
    expect(sessionStore.get()).toBeDefined();
    first.unmount();

    signIn({
      startedAt: undefined,
      expiresAt: new Date(Date.now() + 10 * 60 * 1000).toISOString(),
    });
    await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(await screen.findByRole('alert')).toHaveTextContent(/your session has ended/);
    expect(sessionStore.get()).toBeUndefined();
  });

  it('returns a visit that started on / to / after a timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn({ startedAt: Date.now() - SESSION_TIMEOUT_MS - 1 });
    await renderApp({ path: '/', route: fakeApi() });
    expect(await screen.findByRole('alert')).toHaveTextContent(/your session has ended/);
    expect(screen.getByTestId('landing')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('tern.app') ?? '{}')).toMatchObject({
      initialPath: '/',
    });
  });

  it('keeps auth and account in local storage and shows the name at once on a reload', async () => {
    signIn();
    const first = await renderApp({ path: '/dashboard', route: fakeApi() });
    await waitFor(() => expect(authStore.get().authenticated).toBe(true));
    expect(JSON.parse(window.localStorage.getItem('tern.auth') ?? '{}')).toMatchObject({
      authenticated: true,
      roles: ['USER'],
    });
    expect(JSON.parse(window.localStorage.getItem('tern.account') ?? '{}')).toMatchObject({
      id: ids.user,
      firstName: 'Uma',
    });
    first.unmount();

    // Reload: the user details call is slow, the persisted account answers first.
    await renderApp({
      path: '/dashboard',
      route: fakeApi({}, { users: {} }),
    });
    expect(await screen.findByRole('button', { name: 'Uma User' })).toBeInTheDocument();
  });

  it('does not count a persisted auth state without a session in this tab', () => {
    window.localStorage.setItem(
      'tern.auth',
      JSON.stringify({
        ...authStore.get(),
        authenticated: true,
        roles: ['ADMIN'],
        loginRoles: ['ADMIN'],
      }),
    );
    expect(authStore.get().authenticated).toBe(false);
    expect(authStore.get().roles).toEqual([]);
  });

  it("shows another user's saved account to nobody: this tab's user waits for their own", async () => {
    window.localStorage.setItem('tern.account', JSON.stringify(userDetails()));
    sessionStore.start({ token: 'tok-2', userId: ids.customer, startedAt: Date.now() });
    await renderApp({
      path: '/dashboard',
      route: fakeApi(
        // The customer's own details are slow to come.
        { 'accounts.details': () => new Promise<never>(() => undefined) },
        { users: { [ids.customer]: userDetails({ id: ids.customer, firstName: 'Cora' }) } },
      ),
    });
    expect(await screen.findByRole('button', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Uma User' })).not.toBeInTheDocument();
  });

  it('counts user details loaded only once the server has answered, not from the saved copy', async () => {
    window.localStorage.setItem('tern.account', JSON.stringify(userDetails()));
    signIn();
    const { fetch } = await renderApp({
      path: '/dashboard',
      route: fakeApi({ 'accounts.details': () => new Promise<never>(() => undefined) }),
    });
    // The saved name shows at once; the loading after login still waits for the answer.
    expect(await screen.findByRole('button', { name: 'Uma User' })).toBeInTheDocument();
    await waitFor(() => expect(datasetStore.get().loaded).toContain('POLICIES'));
    expect(datasetStore.get().loaded).not.toContain('USER_DETAILS');
    expect(requestsTo(fetch, payoutsContracts.methods)).toEqual([]);
  });
});
