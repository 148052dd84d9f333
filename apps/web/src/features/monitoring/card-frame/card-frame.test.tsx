import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import type { TextLanguage } from '@tern/domain/constants';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppServicesContext } from '../../../core/app-services.ts';
import { sessionStore } from '../../../core/session/session-store.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { createHttpClient } from '../../../lib/http.ts';
import { apiError, fakeApi, ids, requestsTo } from '../../../test/fake-api.ts';
import { fakeFetch } from '../../../test/fake-fetch.ts';
import { testRuntimeConfig } from '../../../test/render-app.tsx';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { themeConfigFixture } from '../../../test/theme-config-fixture.ts';
import { CardFrame, type CardFrameHandle } from './card-frame.tsx';
import { FRAME_READY_TIMEOUT_MS } from './use-card-frame.ts';

const VAULT = 'http://vault.localhost:3000';
const frameUrl = (n: number) => `${VAULT}/card-frame/frame-token-${n}`;
const SOURCE = 'tern-card-frame';

/** The card frame for the signed-in user, the API faked by its contracts. */
async function renderFrame({
  language = 'en',
  answer,
}: { language?: TextLanguage; answer?: () => Response | undefined } = {}) {
  sessionStore.start({ token: 'tok', userId: ids.user });
  let made = 0;
  const fetch = fakeFetch(
    fakeApi({
      'monitoring.cardFrame': () => {
        const refused = answer?.();
        if (refused) return refused;
        made += 1;
        return { url: frameUrl(made), expiresAt: '2026-03-15T12:15:00.000Z' };
      },
    }),
  );
  const api = createApiClient(
    createHttpClient({ ...testRuntimeConfig, getToken: sessionStore.getToken, fetch }),
  );
  const onTokenised = vi.fn();
  const onError = vi.fn();
  const handle = createRef<CardFrameHandle>();
  const result = await renderWithProviders(
    <AppServicesContext
      value={{ runtime: testRuntimeConfig, api, themeConfig: themeConfigFixture() }}
    >
      <QueryClientProvider client={new QueryClient()}>
        <CardFrame
          ref={handle}
          userId={ids.user}
          label="Card to monitor"
          onTokenised={onTokenised}
          onError={onError}
        />
      </QueryClientProvider>
    </AppServicesContext>,
    { language },
  );
  /** The frame's element, once the API gave its address. */
  const frame = async () =>
    screen.findByTitle<HTMLIFrameElement>('Card to monitor', {}, { timeout: 3000 });
  /** A message to the portal's window, as the frame (or someone else) would post it. */
  const tell = async (
    data: unknown,
    { origin = VAULT, source }: { origin?: string; source?: unknown } = {},
  ) => {
    const from = source === undefined ? (await frame()).contentWindow : source;
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: from as Window }));
    });
  };
  return { ...result, fetch, frame, tell, onTokenised, onError, handle };
}

describe('the card-entry frame in the portal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a frame for the user, this page’s origin and the theme’s look, and frames it in the portal’s language', async () => {
    const { fetch, frame } = await renderFrame({ language: 'es' });
    const iframe = await frame();
    expect(iframe.getAttribute('src')).toBe(`${frameUrl(1)}?lang=es`);
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    const [request] = requestsTo(fetch, monitoringContracts.cardFrame);
    expect(request!.params).toEqual({ id: ids.user });
    expect(request!.body.origin).toBe(window.location.origin);
    expect(request!.body.css).toMatch(/^body\{font-family:[^}]+;color:#?\w+/);
    expect(request!.body.css).not.toMatch(/url\(|@import/);
  });

  it('shows the frame once it says it is ready, at the height it asks for', async () => {
    const { frame, tell } = await renderFrame();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await frame()).toHaveStyle({ visibility: 'hidden' });
    await tell({ source: SOURCE, type: 'ready' });
    await tell({ source: SOURCE, type: 'resize', height: 131.2 });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await frame()).not.toHaveStyle({ visibility: 'hidden' });
    expect(await frame()).toHaveStyle({ height: '132px' });
  });

  it('hands on the token and the masked number the frame tells', async () => {
    const { tell, onTokenised } = await renderFrame();
    await tell({ source: SOURCE, type: 'ready' });
    await tell({
      source: SOURCE,
      type: 'post',
      success: true,
      token: 'tok_abc',
      displayValue: '**** 4242',
      error: null,
    });
    expect(onTokenised).toHaveBeenCalledWith({ token: 'tok_abc', displayValue: '**** 4242' });
  });

  it('ignores messages from another origin, another window, or not of the frame’s shape', async () => {
    const { tell, onTokenised, onError } = await renderFrame();
    const post = {
      source: SOURCE,
      type: 'post',
      success: true,
      token: 'tok_evil',
      displayValue: '**** 0000',
      error: null,
    };
    const stranger = document.createElement('iframe');
    document.body.append(stranger);
    await tell(post, { origin: 'http://evil.localhost:3000' });
    await tell(post, { origin: `${VAULT}/` });
    await tell(post, { origin: 'http://vault.localhost:3001' });
    await tell(post, { source: stranger.contentWindow });
    await tell(post, { source: window });
    await tell({ ...post, source: 'tern-portal' });
    await tell({ ...post, token: 42 });
    await tell({ source: SOURCE, type: 'validation', valid: 'no', error: 'x' });
    expect(onTokenised).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    stranger.remove();
  });

  it('tells the form the frame’s problems, and when they are gone', async () => {
    const { tell, onError } = await renderFrame();
    await tell({ source: SOURCE, type: 'change', empty: true, error: 'validation.required' });
    await tell({
      source: SOURCE,
      type: 'validation',
      valid: false,
      error: 'validation.invalidCardNumber',
    });
    await tell({ source: SOURCE, type: 'validation', valid: true, error: null });
    await tell({
      source: SOURCE,
      type: 'post',
      success: false,
      token: null,
      displayValue: null,
      error: 'errors.card_token_invalid',
    });
    expect(onError.mock.calls).toEqual([
      ['validation.required'],
      ['validation.invalidCardNumber'],
      [null],
      ['errors.card_token_invalid'],
    ]);
  });

  it('asks the frame, at the vault’s origin only, to tokenise — once it is ready', async () => {
    const { frame, tell, handle } = await renderFrame();
    const target = (await frame()).contentWindow!;
    const posted = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    expect(handle.current!.submit()).toBe(false);
    expect(posted).not.toHaveBeenCalled();
    await tell({ source: SOURCE, type: 'ready' });
    expect(handle.current!.submit()).toBe(true);
    expect(posted).toHaveBeenCalledWith({ source: 'tern-portal', type: 'submit' }, VAULT);
  });

  it('offers to try again when the API gives no frame, and asks again', async () => {
    let refuse = true;
    const { fetch, user, frame } = await renderFrame({
      answer: () => (refuse ? apiError('SERVICE_UNAVAILABLE') : undefined),
    });
    expect(
      await screen.findByText('We could not load this right now. Please try again later.'),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await frame()).getAttribute('src')).toBe(`${frameUrl(1)}?lang=en`);
    expect(requestsTo(fetch, monitoringContracts.cardFrame)).toHaveLength(2);
  });

  it('offers to try again when the frame never says it is ready, with a new frame', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { frame, user } = await renderFrame();
    await frame();
    await act(async () => {
      vi.advanceTimersByTime(FRAME_READY_TIMEOUT_MS);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load this right now.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () =>
      expect((await frame()).getAttribute('src')).toBe(`${frameUrl(2)}?lang=en`),
    );
  });

  it('offers a new frame when the frame says its address expired', async () => {
    const { tell, user, frame, onError } = await renderFrame();
    await tell({ source: SOURCE, type: 'ready' });
    await tell({
      source: SOURCE,
      type: 'post',
      success: false,
      token: null,
      displayValue: null,
      error: 'errors.card_frame_invalid',
    });
    expect(onError).toHaveBeenCalledWith('errors.card_frame_invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('This card entry form has expired.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () =>
      expect((await frame()).getAttribute('src')).toBe(`${frameUrl(2)}?lang=en`),
    );
  });
});
