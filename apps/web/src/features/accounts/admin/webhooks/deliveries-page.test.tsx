import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { partnersContracts } from '@tern/domain/partners/contracts';
import type { WebhookDelivery, WebhookEndpoint } from '@tern/domain/partners/webhooks';
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
const HOOKS = 'https://api.skyway.example/hooks';
const endpoint: WebhookEndpoint = {
  id: ids.trip,
  url: HOOKS,
  description: '',
  events: ['payout.sent', 'trip.covered'],
  enabled: true,
  createdAt: '2026-11-20T09:30:00.000Z',
  lastDelivery: { status: 'failed', createdAt: '2026-11-21T10:00:00.000Z' },
};
const failed: WebhookDelivery = {
  id: ids.flight,
  eventType: 'payout.sent',
  createdAt: '2026-11-21T10:00:00.000Z',
  status: 'failed',
  replays: 0,
  attempts: [
    {
      series: 1,
      attempt: 1,
      at: '2026-11-21T10:00:01.000Z',
      httpStatus: 503,
      durationMs: 120,
      errorClass: 'http_status',
      response: 'down',
    },
    {
      series: 1,
      attempt: 2,
      at: '2026-11-21T10:00:06.000Z',
      httpStatus: null,
      durationMs: 10000,
      errorClass: 'timeout',
      response: null,
    },
  ],
};
const pending: WebhookDelivery = {
  id: ids.bag,
  eventType: 'trip.covered',
  createdAt: '2026-11-22T08:00:00.000Z',
  status: 'pending',
  replays: 0,
  attempts: [],
};
const older: WebhookDelivery = {
  ...failed,
  id: ids.method,
  status: 'succeeded',
  createdAt: '2026-11-19T08:00:00.000Z',
  attempts: [{ ...failed.attempts[0]!, httpStatus: 200, errorClass: null }],
};

/** Two pages of deliveries: the newest two, then `older` by cursor. */
function logWorld(overrides: FakeRoutes = {}) {
  let deliveries = [pending, failed, older];
  return fakeApi(
    {
      'partners.webhooks': () => [endpoint],
      'partners.webhookDeliveries': ({ query }) => {
        const matching = deliveries.filter((d) => !query.status || d.status === query.status);
        const start = query.cursor ? matching.findIndex((d) => d.id === query.cursor) : 0;
        const page = matching.slice(start, start + 2);
        return { deliveries: page, nextCursor: matching[start + 2]?.id ?? null };
      },
      'partners.replayWebhookDelivery': ({ params }) => {
        deliveries = deliveries.map((d) =>
          d.id === params.deliveryId ? { ...d, status: 'pending', replays: d.replays + 1 } : d,
        );
        return deliveries.find((d) => d.id === params.deliveryId)!;
      },
      ...overrides,
    },
    { users: { [ids.agent]: admin } },
  );
}

const signIn = () =>
  sessionStore.start({ token: 'staff-token', userId: ids.agent, startedAt: Date.now() - 1000 });
const PATH = `/admin/webhooks/${ids.trip}`;

describe("the admin console: an endpoint's delivery log", () => {
  let width: { restore: () => void } | undefined;
  afterEach(() => width?.restore());

  it('opens from the webhooks page: deliveries newest first with their attempts, more by cursor', async () => {
    signIn();
    const { user, fetch } = await renderApp({ path: '/admin/webhooks', route: logWorld() });
    await user.click(await screen.findByRole('link', { name: `Deliveries of ${HOOKS}` }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deliveries' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(`Events sent to ${HOOKS}, newest first. Times are in UTC.`),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('trip.covered');
    expect(first).toHaveTextContent('Pending');
    expect(second).toHaveTextContent('payout.sent');
    expect(second).toHaveTextContent('2026-11-21 10:00: HTTP 503, error status, 120 ms');
    expect(second).toHaveTextContent('no answer, timed out, 10000 ms');
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('Delivered');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo(fetch, partnersContracts.webhookDeliveries).map((r) => r.query)).toEqual([
      {},
      { cursor: ids.method },
    ]);
  });

  it('filters by status', async () => {
    signIn();
    const { user, fetch } = await renderApp({ path: PATH, route: logWorld() });
    await screen.findByRole('table', { name: 'Deliveries' });
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /trip\.covered/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('row', { name: /payout\.sent/ })).toBeInTheDocument();
    expect(requestsTo(fetch, partnersContracts.webhookDeliveries).at(-1)?.query).toEqual({
      status: 'failed',
    });
  });

  it('replays a finished delivery, and explains why a pending one cannot be', async () => {
    signIn();
    const { user, fetch } = await renderApp({ path: PATH, route: logWorld() });
    const pendingReplay = await screen.findByRole('button', {
      name: 'Replay trip.covered of 2026-11-22 08:00',
    });
    expect(pendingReplay).toBeDisabled();
    expect(pendingReplay).toHaveAccessibleDescription(
      'It can be replayed once its attempts are over.',
    );
    await user.click(
      screen.getByRole('button', { name: 'Replay payout.sent of 2026-11-21 10:00' }),
    );
    expect(await screen.findByText('Replay queued.')).toBeInTheDocument();
    expect(requestsTo(fetch, partnersContracts.replayWebhookDelivery).map((r) => r.params)).toEqual(
      [{ partnerId: 'travel', endpointId: ids.trip, deliveryId: ids.flight }],
    );
    expect(await screen.findByRole('row', { name: /payout\.sent/ })).toHaveTextContent(
      'Replays: 1',
    );
  });

  it("shows the catalogue's refusal of a replay through the app's error handler", async () => {
    signIn();
    const { user } = await renderApp({
      path: PATH,
      route: logWorld({
        'partners.replayWebhookDelivery': () => apiError('WEBHOOK_ENDPOINT_DISABLED'),
      }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Replay payout.sent of 2026-11-21 10:00' }),
    );
    expect(await screen.findByText(/This webhook endpoint is disabled/)).toBeInTheDocument();
  });

  it('says when the log cannot be loaded, and tries again', async () => {
    signIn();
    let failing = true;
    const { user } = await renderApp({
      path: PATH,
      route: logWorld({
        'partners.webhookDeliveries': () =>
          failing ? apiError('INTERNAL_ERROR') : { deliveries: [failed], nextCursor: null },
      }),
    });
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this right now.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Deliveries' })).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    signIn();
    await renderApp({
      path: PATH,
      route: logWorld({
        'partners.webhookDeliveries': () => ({ deliveries: [], nextCursor: null }),
      }),
    });
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
  });

  it('says when the endpoint is gone', async () => {
    signIn();
    await renderApp({ path: PATH, route: logWorld({ 'partners.webhooks': () => [] }) });
    expect(await screen.findByText('This endpoint no longer exists.')).toBeInTheDocument();
  });

  it('lists the deliveries instead of a table on a 360 px screen', async () => {
    width = screenWidth(360);
    signIn();
    await renderApp({ path: PATH, route: logWorld() });
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(list).toHaveTextContent('payout.sent');
    expect(await axeViolations()).toEqual([]);
  });
});
