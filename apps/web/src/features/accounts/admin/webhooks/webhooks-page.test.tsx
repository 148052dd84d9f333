import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { partnersContracts } from '@tern/domain/partners/contracts';
import type { WebhookEndpoint } from '@tern/domain/partners/webhooks';
import { sessionStore } from '../../../../core/session/session-store.ts';
import { axeViolations } from '../../../../test/axe.ts';
import {
  apiError,
  fakeApi,
  ids,
  requestsTo,
  userDetails,
  type FakeRoutes,
} from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { screenWidth } from '../../../../test/screen-width.ts';

const admin = userDetails({ id: ids.agent, firstName: 'Ada', surname: 'Admin', roles: ['ADMIN'] });
const agent = userDetails({
  id: ids.customer,
  firstName: 'Avery',
  surname: 'Agent',
  roles: ['AGENT'],
});
const HOOKS = 'https://api.skyway.example/hooks';
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2U=';
const ROTATED = 'whsec_cm90YXRlZC1zZWNyZXQ=';
const endpoint: WebhookEndpoint = {
  id: ids.trip,
  url: HOOKS,
  description: 'Claims team',
  events: ['claim.status_changed', 'payout.sent'],
  enabled: true,
  createdAt: '2026-11-20T09:30:00.000Z',
  lastDelivery: { status: 'failed', createdAt: '2026-11-21T10:00:00.000Z' },
};

/** A partner's endpoints, following what the page changes. */
function hooksWorld(start: WebhookEndpoint[] = [endpoint], overrides: FakeRoutes = {}) {
  let endpoints = start;
  return fakeApi(
    {
      'partners.webhooks': () => endpoints,
      'partners.addWebhook': ({ body }) => {
        const made: WebhookEndpoint = {
          ...endpoint,
          id: ids.flight,
          url: body.url,
          events: body.events,
          description: body.description ?? '',
          lastDelivery: null,
        };
        endpoints = [...endpoints, made];
        return { ...made, secret: SECRET };
      },
      'partners.updateWebhook': ({ params, body }) => {
        endpoints = endpoints.map((e) => (e.id === params.endpointId ? { ...e, ...body } : e));
        return endpoints.find((e) => e.id === params.endpointId)!;
      },
      'partners.removeWebhook': ({ params }) => {
        const removed = endpoints.find((e) => e.id === params.endpointId)!;
        endpoints = endpoints.filter((e) => e.id !== params.endpointId);
        return removed;
      },
      'partners.rotateWebhookSecret': () => ({ secret: ROTATED }),
      ...overrides,
    },
    { users: { [ids.agent]: admin, [ids.customer]: agent } },
  );
}

const signIn = (userId: string) =>
  sessionStore.start({ token: 'staff-token', userId, startedAt: Date.now() - 1000 });

describe('the admin console: webhooks page', () => {
  let width: { restore: () => void } | undefined;
  afterEach(() => width?.restore());

  it('leads an ADMIN from the navigation to the endpoints, with events, state and last delivery', async () => {
    signIn(ids.agent);
    const { user } = await renderApp({ path: '/dashboard', route: hooksWorld() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('link', { name: 'Webhooks' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Webhooks · Skyway Travel'));
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent(HOOKS);
    expect(row).toHaveTextContent('Claims team');
    expect(row).toHaveTextContent('claim.status_changed, payout.sent');
    expect(row).toHaveTextContent('On');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('2026-11-21 10:00');
    expect(await axeViolations()).toEqual([]);
  });

  it('adds an endpoint, refusing the form until it is right, and shows its secret once', async () => {
    signIn(ids.agent);
    const { user, fetch } = await renderApp({ path: '/admin/webhooks', route: hooksWorld([]) });
    expect(
      await screen.findByText('No endpoints yet. Add one to receive events.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('textbox', { name: /Endpoint URL/ }),
      ).toHaveAccessibleDescription(/not valid/),
    );
    expect(requestsTo(fetch, partnersContracts.addWebhook)).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), HOOKS);
    await user.click(within(dialog).getByRole('checkbox', { name: 'trip.covered' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'payout.settled' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Finance');
    expect(await axeViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(secret).toHaveTextContent('shown only this once');
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await axeViolations(secret)).toEqual([]);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    expect(requestsTo(fetch, partnersContracts.addWebhook).map((r) => r.body)).toEqual([
      { url: HOOKS, events: ['trip.covered', 'payout.settled'], description: 'Finance' },
    ]);
    expect(await screen.findByRole('row', { name: /Finance/ })).toHaveTextContent('None yet');
  });

  it("shows the API's refusal of a plain http address on its field", async () => {
    signIn(ids.agent);
    const { user } = await renderApp({
      path: '/admin/webhooks',
      route: hooksWorld([], {
        'partners.addWebhook': () => apiError('WEBHOOK_URL_INSECURE', { field: 'url' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    const url = within(dialog).getByRole('textbox', { name: /Endpoint URL/ });
    await user.type(url, 'http://api.skyway.example/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: 'trip.covered' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(/https/));
  });

  it('turns an endpoint off and on, rotates its secret and deletes it after a yes / no', async () => {
    signIn(ids.agent);
    const { user, fetch } = await renderApp({ path: '/admin/webhooks', route: hooksWorld() });
    await user.click(await screen.findByRole('button', { name: `Disable ${HOOKS}` }));
    expect(await screen.findByText('Endpoint disabled.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: new RegExp(HOOKS) })).toHaveTextContent('Off');
    await user.click(await screen.findByRole('button', { name: `Enable ${HOOKS}` }));
    expect(await screen.findByText('Endpoint enabled.')).toBeInTheDocument();
    expect(requestsTo(fetch, partnersContracts.updateWebhook).map((r) => r.body)).toEqual([
      { enabled: false },
      { enabled: true },
    ]);

    await user.click(screen.getByRole('button', { name: `Rotate the secret of ${HOOKS}` }));
    let dialog = await screen.findByRole('dialog', { name: `Rotate the secret of ${HOOKS}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByTestId('webhook-secret')).toHaveTextContent(ROTATED);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `Delete ${HOOKS}` }));
    dialog = await screen.findByRole('dialog', { name: `Delete ${HOOKS}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, partnersContracts.removeWebhook)).toEqual([]);
    await user.click(screen.getByRole('button', { name: `Delete ${HOOKS}` }));
    dialog = await screen.findByRole('dialog', { name: `Delete ${HOOKS}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Endpoint deleted.')).toBeInTheDocument();
    expect(
      await screen.findByText('No endpoints yet. Add one to receive events.'),
    ).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    signIn(ids.agent);
    let failing = true;
    const { user } = await renderApp({
      path: '/admin/webhooks',
      route: hooksWorld([endpoint], {
        'partners.webhooks': () => (failing ? apiError('INTERNAL_ERROR') : [endpoint]),
      }),
    });
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this right now.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Webhook endpoints' })).toBeInTheDocument();
  });

  it('lists the endpoints instead of a table on a 360 px screen', async () => {
    width = screenWidth(360);
    signIn(ids.agent);
    await renderApp({ path: '/admin/webhooks', route: hooksWorld() });
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(HOOKS);
    expect(await axeViolations()).toEqual([]);
  });

  it('tells an AGENT who opens its address that the page is for administrators', async () => {
    signIn(ids.customer);
    const { fetch } = await renderApp({ path: '/admin/webhooks', route: hooksWorld() });
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(requestsTo(fetch, partnersContracts.webhooks)).toEqual([]);
  });
});
