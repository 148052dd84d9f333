import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { partnersContracts } from '@tern/domain/partners/contracts';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import { travelContracts } from '@tern/domain/travel/contracts';
import { apiError, fakeApi, ids, matchContract, requestsTo } from '../../test/fake-api.ts';
import { jsonResponse } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';
import { themeConfigFixture } from '../../test/theme-config-fixture.ts';
import { sessionStore } from '../../core/session/session-store.ts';

describe('routes', () => {
  it('shows the landing page at / inside the themed layout', async () => {
    const { container } = await renderApp({ themeConfig: themeConfigFixture({ theme: 'travel' }) });
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(container.querySelector('[data-theme="travel"]')).not.toBeNull();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it.each(['/register', '/login/code', '/forgot-password', '/reset-password?token=abc'])(
    'opens %s to a signed-out visitor',
    async (path) => {
      await renderApp({ path });
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.queryByTestId('landing')).not.toBeInTheDocument();
    },
  );

  const monitoring = themeConfigFixture({ config: { owl: true } });

  it.each([
    ['/dashboard', undefined],
    ['/resolution/select', undefined],
    ['/monitored-data/action-plan', monitoring],
  ])('sends a logged-out visitor of %s to /', async (path, themeConfig) => {
    await renderApp({ path, ...(themeConfig ? { themeConfig } : {}) });
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
  });

  it('shows the dashboard cards of the default configuration in the configured order', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({ path: '/dashboard', route: fakeApi() });
    const dashboard = await screen.findByTestId('dashboard');
    const titles = within(dashboard)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Trips', 'Summary', 'Luggage', 'Passengers', 'Payout methods']);
    expect(await within(dashboard).findByText('You have no trips yet.')).toBeInTheDocument();
  });

  it('shows the initial scan card to a monitoring partner, without travel cards', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({
      path: '/dashboard',
      themeConfig: themeConfigFixture({ config: { owl: true } }),
      route: fakeApi(),
    });
    const dashboard = await screen.findByTestId('dashboard');
    const titles = within(dashboard)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Initial scan', 'Summary']);
  });

  it.each(['/insurances', '/passengers', '/resolution/select'])(
    "shows a parametric partner's customer the not-found page at %s, and no travel navigation",
    async (path) => {
      sessionStore.start({ token: 'tok', userId: ids.user });
      const { fetch } = await renderApp({
        path,
        themeConfig: themeConfigFixture({ config: { parametric: true } }),
        route: fakeApi(),
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
      ).toBeInTheDocument();
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: 'Payout methods' })).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'My insurances' })).not.toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Passengers' })).not.toBeInTheDocument();
      // Nothing of travel is asked of the API either.
      await waitFor(() => expect(requestsTo(fetch, payoutsContracts.methods)).toHaveLength(1));
      expect(requestsTo(fetch, travelContracts.trips)).toEqual([]);
    },
  );

  it.each([
    ['/resolution/select', 'Disruption help', undefined],
    ['/monitored-data/action-plan', 'Action plan', monitoring],
  ])(
    'opens %s for a logged-in user, titled, with the way back',
    async (path, title, themeConfig) => {
      sessionStore.start({ token: 'tok', userId: ids.user });
      await renderApp({ path, route: fakeApi(), ...(themeConfig ? { themeConfig } : {}) });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${title} · Skyway Travel`));
      // Nothing to show yet is not a dead end.
      expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
    },
  );

  it('shows a translated not-found page for any other path', async () => {
    await renderApp({ path: '/no/such/page', language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la page d’accueil' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('logs the user out and returns to / when the API answers 401', async () => {
    sessionStore.start({ token: 'expired' });
    await renderApp({
      path: '/dashboard',
      route: (url, init) =>
        matchContract(url, init.method ?? 'GET')?.contract.id === partnersContracts.client.id
          ? apiError('UNAUTHORISED')
          : undefined,
    });
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(sessionStore.getToken()).toBeUndefined();
  });

  it('asks for the client record of this origin with the api-key and bearer token', async () => {
    sessionStore.start({ token: 'tok-9' });
    const { fetch } = await renderApp();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [request] = requestsTo(fetch, partnersContracts.client);
    expect(request?.query).toEqual({ domain: window.location.origin });
    expect(request?.init.headers).toMatchObject({
      'api-key': 'test-api-key',
      Authorization: 'Bearer tok-9',
    });
  });

  it('shows the error dialog when the origin is not allowed for the partner', async () => {
    const { user } = await renderApp({
      route: (url, init) =>
        matchContract(url, init.method ?? 'GET')?.contract.id === partnersContracts.client.id
          ? jsonResponse(403, {
              code: 'ORIGIN_NOT_ALLOWED',
              status: 403,
              message: 'Origin not allowed',
            })
          : undefined,
    });
    const dialog = await screen.findByRole('dialog', {
      name: 'We could not complete your request',
    });
    expect(
      within(dialog).getByText('This site is not allowed to use the service.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
