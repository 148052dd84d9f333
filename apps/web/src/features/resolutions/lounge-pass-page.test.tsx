import { screen, waitFor } from '@testing-library/react';
import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import type { LoungePass } from '@tern/domain/resolutions/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { apiError, fakeApi, ids, requestsTo } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { loungePassOf, passId, walletUrl } from './lounge-pass-fixture.ts';

const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

/**
 * A blob's bytes, whichever Blob the fetch answered: Node's (with `arrayBuffer`) or, on Node
 * 24, jsdom's, which only its FileReader reads.
 */
const bytesOf = async (blob: Blob): Promise<Uint8Array> => {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the blob could not be read'));
    reader.readAsArrayBuffer(blob);
  });
};

const passOf = (walletUrl: string | null) => loungePassOf({ walletUrl });

const open = (pass: LoungePass, wallet: () => Uint8Array | Promise<Response> = () => bytes) => {
  sessionStore.start({ token: 'tok', userId: ids.user });
  return renderApp({
    path: `/resolution/pass/${passId}`,
    route: fakeApi({ 'resolutions.pass': () => pass, 'resolutions.walletPass': wallet }),
  });
};

describe('the lounge pass page’s wallet button', () => {
  // jsdom has no object URLs and does not navigate: both are watched instead.
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:wallet-pass');
  const revokeObjectURL = vi.fn();
  const saved: { href: string; download: string }[] = [];
  beforeEach(() => {
    saved.length = 0;
    createObjectURL.mockClear();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('is absent where the API offers no wallet file', async () => {
    await open(passOf(null));
    expect(await screen.findByText('Maple Leaf Lounge')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to wallet' })).not.toBeInTheDocument();
  });

  it('downloads the file with the session’s token and saves it under the pass’s code', async () => {
    const { user, fetch } = await open(passOf(walletUrl));
    await user.click(await screen.findByRole('button', { name: 'Add to wallet' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = requestsTo(fetch, resolutionsContracts.walletPass);
    expect(request).toMatchObject({ params: { passId }, token: 'tok' });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await bytesOf(blob)).toEqual(bytes);
    expect(saved[0]).toEqual({ href: 'blob:wallet-pass', download: 'lounge-pass-LNG-4821.pkpass' });
    // The URL outlives the click: Safari reads the bytes later (it is let go after 40 s).
    expect(revokeObjectURL).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows that it is preparing the file, then says so when the download fails', async () => {
    let fail: (answer: Response) => void = () => undefined;
    const { user } = await open(
      passOf(walletUrl),
      () => new Promise<Response>((resolve) => (fail = resolve)),
    );
    await user.click(await screen.findByRole('button', { name: 'Add to wallet' }));
    expect(
      await screen.findByRole('button', { name: /Preparing your wallet pass/ }),
    ).toBeDisabled();

    fail(apiError('ROUTE_NOT_FOUND'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The wallet pass could not be downloaded. Check your connection and try again.',
    );
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Add to wallet' })).toBeEnabled();
  });
});

describe('the lounge pass page in the reader’s language (issue 25 item 5.13)', () => {
  it('gives the lounge’s directions in German, from the provider’s key and values', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({
      path: `/resolution/pass/${passId}`,
      language: 'de',
      route: fakeApi({ 'resolutions.pass': () => passOf(null) }),
    });
    expect(
      await screen.findByText(
        'Nach der Sicherheitskontrolle mit der Rolltreppe in Ebene 3, nahe Flugsteig B12',
      ),
    ).toBeInTheDocument();
  });
});
