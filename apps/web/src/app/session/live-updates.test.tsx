import { screen, waitFor } from '@testing-library/react';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { LIVE_EVENTS } from '@tern/domain/live';
import { policiesContracts } from '@tern/domain/policies/contracts';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { apiError, fakeApi, ids, requestsTo, userDetails } from '../../test/fake-api.ts';
import { fakeEventStreams } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

const signIn = () =>
  sessionStore.start({ token: 'tok-1', userId: ids.user, startedAt: Date.now() });

/** The signed-in portal with a controllable event stream and a user whose name can change. */
async function renderLive() {
  const streams = fakeEventStreams();
  const server = { firstName: 'Uma' };
  signIn();
  const rendered = await renderApp({
    path: '/dashboard',
    route: fakeApi({
      'accounts.events': ({ init }) => streams.respond(init.signal),
      'accounts.details': () => userDetails({ firstName: server.firstName }),
    }),
  });
  await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
  await waitFor(() => expect(streams.open).toBe(1));
  return { ...rendered, streams, server };
}

describe('live updates', () => {
  it('opens the stream with the token in a header, never in the URL', async () => {
    const { fetch } = await renderLive();
    const [request] = requestsTo(fetch, accountsContracts.events);
    expect(request!.token).toBe('tok-1');
    expect(request!.params.id).toBe(ids.user);
    expect(request!.url.search).toBe('');
  });

  it('refreshes what a change names: the greeting shows a name changed elsewhere', async () => {
    const { streams, server, fetch } = await renderLive();
    const policiesBefore = requestsTo(fetch, policiesContracts.list).length;
    server.firstName = 'Ada';
    streams.send(LIVE_EVENTS.change, { keys: ['USER_DETAILS'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada' }),
    ).toBeInTheDocument();
    // Only what the event named.
    expect(requestsTo(fetch, policiesContracts.list)).toHaveLength(policiesBefore);
  });

  it('refreshes everything of the session on reset, and ignores what it does not know', async () => {
    const { streams, fetch } = await renderLive();
    const policiesBefore = requestsTo(fetch, policiesContracts.list).length;
    streams.send('unknown', { keys: ['POLICIES'] });
    streams.send(LIVE_EVENTS.change, { keys: [] });
    streams.send(LIVE_EVENTS.reset, {});
    await waitFor(() =>
      expect(requestsTo(fetch, policiesContracts.list).length).toBe(policiesBefore + 1),
    );
  });

  it('ends the session when the stream is refused with 401', async () => {
    signIn();
    await renderApp({
      path: '/dashboard',
      route: fakeApi({ 'accounts.events': () => apiError('UNAUTHORISED') }),
    });
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(sessionStore.get()).toBeUndefined();
  });

  it('closes the stream when the session ends', async () => {
    const { streams } = await renderLive();
    sessionStore.clear();
    await waitFor(() => expect(streams.open).toBe(0));
  });
});
