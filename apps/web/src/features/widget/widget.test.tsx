import { act, screen } from '@testing-library/react';
import { WIDGET_MESSAGE_SOURCE } from '@tern/domain/widget/messages';
import type { WidgetPanel } from '@tern/domain/widget/panels';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { widgetContracts } from '@tern/domain/widget/contracts';
import { sessionStore } from '../../core/session/session-store.ts';
import { apiError, fakeApi, ids, requestsTo } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { themeConfigFixture } from '../../test/theme-config-fixture.ts';
import { widgetLinkStore } from './widget-link.ts';

const SHOP = 'http://shop.localhost:3000';
let n = 0;
let token = '';
beforeEach(() => {
  token = `widget-token-${String(++n).padStart(10, '0')}`;
});
const themeConfig = themeConfigFixture({ config: { widget: { embeddingOrigins: [SHOP] } } });

const widgetSession = (panels: WidgetPanel[]) => () => ({
  userId: ids.user,
  accessToken: 'widget-session',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  origin: SHOP,
  panels,
});

afterEach(() => {
  sessionStore.clear();
  widgetLinkStore.clear();
});

describe('the widget’s guard', () => {
  it('signs in with the token in the address and opens the panel, without the portal’s header', async () => {
    const { fetch } = await renderApp({
      path: `/widgets/luggage?token=${token}`,
      themeConfig,
      route: fakeApi({ 'widget.session': widgetSession(['luggage', 'insurance']) }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lost luggage' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ token: 'widget-session', userId: ids.user });
    expect(widgetLinkStore.get()).toEqual({ origin: SHOP, panels: ['luggage', 'insurance'] });
    expect(requestsTo(fetch, widgetContracts.session).map((r) => r.body)).toEqual([{ token }]);
  });

  it('shows the insufficient-privilege notice on a panel the token did not open', async () => {
    await renderApp({
      path: `/widgets/passengers?token=${token}`,
      themeConfig,
      route: fakeApi({ 'widget.session': widgetSession(['luggage']) }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "You can't open this here" }),
    ).toBeInTheDocument();
  });

  it('goes to the 401 notice when the token is refused', async () => {
    await renderApp({
      path: `/widgets/luggage?token=${token}`,
      themeConfig,
      route: fakeApi({ 'widget.session': () => apiError('UNAUTHORISED') }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please sign in again' }),
    ).toBeInTheDocument();
    expect(sessionStore.get()).toBeUndefined();
  });

  it('goes to the 401 notice without a token or a session', async () => {
    await renderApp({ path: '/widgets/dashboard', themeConfig, route: fakeApi() });
    expect(await screen.findByTestId('widget-unauthorised')).toHaveTextContent(
      "Open this from Skyway Travel's website to sign in.",
    );
  });
});

describe('a framed widget', () => {
  const parent = { postMessage: vi.fn() };
  beforeEach(() => {
    parent.postMessage.mockClear();
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
  });
  afterEach(() => vi.restoreAllMocks());

  const tokenMessage = (origin: string, source: unknown, value: string) =>
    new MessageEvent('message', {
      origin,
      data: { source: WIDGET_MESSAGE_SOURCE, type: 'token', token: value },
      source: source as Window,
    });

  it('asks its host page for a token, ignores one from a stranger, and opens the panel with the host’s', async () => {
    const { fetch } = await renderApp({
      path: '/widgets/luggage',
      themeConfig,
      route: fakeApi({
        'widget.session': ({ body }) =>
          body.token === 'fresh-token-0123456789'
            ? widgetSession(['luggage'])()
            : apiError('UNAUTHORISED'),
      }),
    });
    await screen.findByTestId('widget-unauthorised');
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: WIDGET_MESSAGE_SOURCE, type: 'token-needed' },
      SHOP,
    );
    // Another origin, or another window at the host's origin: not the host page.
    act(() => {
      window.dispatchEvent(
        tokenMessage('http://stranger.localhost:3000', parent, 'stolen-0123456789'),
      );
      window.dispatchEvent(tokenMessage(SHOP, window, 'stolen-0123456789'));
    });
    window.dispatchEvent(tokenMessage(SHOP, parent, 'fresh-token-0123456789'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lost luggage' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetch, widgetContracts.session).map((r) => r.body)).toEqual([
      { token: 'fresh-token-0123456789' },
    ]);
    // It told the host it painted, to the host's origin only.
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: WIDGET_MESSAGE_SOURCE, type: 'ready' },
      SHOP,
    );
    for (const [, origin] of parent.postMessage.mock.calls) expect(origin).toBe(SHOP);
  });
});
