import { screen } from '@testing-library/react';
import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import type { LoungePass } from '@tern/domain/resolutions/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { fakeApi, ids, requestsTo } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { loungePassOf, passId } from './lounge-pass-fixture.ts';

const pass = loungePassOf();

// In the browser the service worker answers a pass it kept when the network fails; here the
// fake API stands in for it, and `navigator.onLine` for the browser's network state.
let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => vi.restoreAllMocks());

const open = (answer: () => LoungePass) =>
  renderApp({ path: `/resolution/pass/${passId}`, route: fakeApi({ 'resolutions.pass': answer }) });

describe('a lounge pass with no session', () => {
  it('opens offline from what this browser kept, asked for without a token', async () => {
    online = false;
    const { fetch } = await open(() => pass);
    expect(await screen.findByText('Maple Leaf Lounge')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of the pass LNG-4821' })).toBeInTheDocument();
    expect(screen.getByText('You are offline: this is your pass as last loaded.')).toBeVisible();
    expect(requestsTo(fetch, resolutionsContracts.pass).map((r) => r.token)).toEqual([undefined]);
    // What needs the session is not offered: the wallet file, the way back to the options.
    expect(screen.queryByRole('button', { name: 'Add to wallet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to disruption help' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('landing')).not.toBeInTheDocument();
  });

  it('says so offline when this browser never kept the pass, once, without a retry', async () => {
    online = false;
    const { fetch } = await open(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(
      await screen.findByText(
        'This pass has not been opened on this device yet. Connect to the internet and sign in to see it.',
      ),
    ).toBeVisible();
    expect(requestsTo(fetch, resolutionsContracts.pass)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('asks for a sign-in online, as every page behind a session does', async () => {
    const { fetch } = await open(() => pass);
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(requestsTo(fetch, resolutionsContracts.pass)).toHaveLength(0);
  });

  it('asks for a sign-in once the network is back', async () => {
    online = false;
    await open(() => pass);
    await screen.findByText('Maple Leaf Lounge');
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
  });

  it('opens signed in with the session’s token and the wallet button, as before', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    online = false;
    const { fetch } = await open(() => pass);
    expect(await screen.findByRole('button', { name: 'Add to wallet' })).toBeInTheDocument();
    expect(requestsTo(fetch, resolutionsContracts.pass).map((r) => r.token)).toEqual(['tok']);
  });
});
