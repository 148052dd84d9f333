// @vitest-environment jsdom
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { CARD_FRAME_SOURCE, type CardFrameEvent } from '@tern/domain';
import { framePage } from '../simulator/page-html.ts';
import { frameTexts } from '../simulator/texts.ts';
import { startCardFrame } from './card-frame.ts';
import { FRAME_ELEMENT_IDS } from './elements.ts';

const PORTAL = 'http://identity.localhost:3000';
const ACTION = '/card-frame/abc/cards';
const VISA = '4242 4242 4242 4242';

type FrameWindow = Window & typeof globalThis;

/** Makes `html` the page of `win`, as the browser parses it (its scripts are not run). */
function show(win: FrameWindow, html: string) {
  const parsed = new win.DOMParser().parseFromString(html, 'text/html');
  win.document.replaceChild(
    win.document.importNode(parsed.documentElement, true),
    win.document.documentElement,
  );
}

const pageHtml = (language: 'en' | 'es' = 'en') =>
  framePage({
    language,
    texts: frameTexts(language),
    origin: PORTAL,
    css: '',
    action: ACTION,
    script: '/card-frame/frame.js',
  }).html;

/**
 * The frame as the portal holds it: the vault's page in an iframe of this (the portal's)
 * window, its script started there, its messages to this window caught, its fetch faked.
 */
function openFrame(
  language: 'en' | 'es' = 'en',
  answer: () => Promise<Response> = async () =>
    Response.json({ token: 'tok_x', displayValue: '**** 4242' }, { status: 201 }),
) {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const win = iframe.contentWindow as FrameWindow;
  show(win, pageHtml(language));
  const fetch = vi.fn(answer);
  win.fetch = fetch;
  startCardFrame(win);
  const input = win.document.getElementById(FRAME_ELEMENT_IDS.input) as HTMLInputElement;
  const error = win.document.getElementById(FRAME_ELEMENT_IDS.error)!;
  /** The user typing: the field's value, then its input event. */
  const type = (value: string) => {
    input.value = value;
    input.dispatchEvent(new win.Event('input', { bubbles: true }));
  };
  /** A message to the frame, from `source` at `origin` (the portal's window by default). */
  const message = (data: unknown, origin = PORTAL, source: unknown = win.parent) =>
    win.dispatchEvent(new win.MessageEvent('message', { data, origin, source: source as Window }));
  return { win, input, error, fetch, type, message };
}

describe('the card-entry frame', () => {
  let posted: Mock<(message: unknown, targetOrigin: string) => void>;
  /** The events the frame told the portal, in order. */
  const told = () =>
    posted.mock.calls.map(([event, target]) => {
      expect(target).toBe(PORTAL);
      return event as CardFrameEvent;
    });
  const toldOf = <T extends CardFrameEvent['type']>(type: T) =>
    told().filter((event): event is Extract<CardFrameEvent, { type: T }> => event.type === type);
  beforeEach(() => {
    posted = vi.fn();
    // The frames' parent as they see it (jsdom's window proxy, not the test's globals).
    const probe = document.createElement('iframe');
    document.body.append(probe);
    vi.spyOn(probe.contentWindow!.parent, 'postMessage').mockImplementation(posted as never);
    probe.remove();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('says it is ready and how tall it is, to the portal’s origin only', () => {
    openFrame();
    expect(told()[0]).toEqual({ source: CARD_FRAME_SOURCE, type: 'ready' });
    expect(toldOf('resize')).toEqual([{ source: CARD_FRAME_SOURCE, type: 'resize', height: 0 }]);
  });

  it('tells focus, and on leaving the field whether the number is valid, showing why not', () => {
    const { input, error, type } = openFrame('es');
    input.dispatchEvent(new Event('focus'));
    type('4242 4242 4242 4241');
    input.dispatchEvent(new Event('blur'));
    expect(toldOf('focus').map((e) => e.focused)).toEqual([true, false]);
    expect(toldOf('validation')).toEqual([
      {
        source: CARD_FRAME_SOURCE,
        type: 'validation',
        valid: false,
        error: 'validation.invalidCardNumber',
      },
    ]);
    expect(error.textContent).toBe('Introduce un número de tarjeta válido.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    type(VISA);
    input.dispatchEvent(new Event('blur'));
    expect(toldOf('validation').at(-1)).toMatchObject({ valid: true, error: null });
    expect(error.textContent).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('tells each change, an emptied field as required', () => {
    const { error, type } = openFrame();
    type('4');
    type('');
    expect(toldOf('change')).toEqual([
      { source: CARD_FRAME_SOURCE, type: 'change', empty: false, error: null },
      { source: CARD_FRAME_SOURCE, type: 'change', empty: true, error: 'validation.required' },
    ]);
    expect(error.textContent).toBe('This field is required.');
  });

  it('sends the number to the vault on the portal’s submit and tells only the token and the masked number', async () => {
    const { type, message, fetch } = openFrame();
    type(VISA);
    message({ source: 'tern-portal', type: 'submit' });
    await vi.waitFor(() => expect(toldOf('post')).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith(ACTION, expect.objectContaining({ method: 'POST' }));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ number: VISA });
    expect(toldOf('post')).toEqual([
      {
        source: CARD_FRAME_SOURCE,
        type: 'post',
        success: true,
        token: 'tok_x',
        displayValue: '**** 4242',
        error: null,
      },
    ]);
    expect(JSON.stringify(told())).not.toMatch(/4242 4242|4242424242424242/);
  });

  it('ignores a submit from another origin, another window, or of another shape', async () => {
    const { type, message, fetch } = openFrame();
    type(VISA);
    const stranger = document.createElement('iframe');
    document.body.append(stranger);
    message({ source: 'tern-portal', type: 'submit' }, 'http://evil.localhost:3000');
    message({ source: 'tern-portal', type: 'submit' }, `${PORTAL}/`);
    message({ source: 'tern-portal', type: 'submit' }, PORTAL, stranger.contentWindow);
    message({ source: 'tern-portal', type: 'submit' }, PORTAL, null);
    message({ type: 'submit' });
    message('submit');
    message({ source: 'tern-card-frame', type: 'submit' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetch).not.toHaveBeenCalled();
    expect(toldOf('post')).toEqual([]);
  });

  it('sends nothing for a number the rule refuses, and says why', async () => {
    const { type, message, fetch, error } = openFrame();
    type('1234');
    message({ source: 'tern-portal', type: 'submit' });
    await vi.waitFor(() => expect(toldOf('post')).toHaveLength(1));
    expect(fetch).not.toHaveBeenCalled();
    expect(toldOf('post')[0]).toMatchObject({
      success: false,
      token: null,
      error: 'validation.invalidCardNumber',
    });
    expect(error.textContent).toBe('Enter a valid card number.');
  });

  it('tells and shows the vault’s refusal: an expired frame, a failed call', async () => {
    const expired = openFrame('en', async () =>
      Response.json({ code: 'CARD_FRAME_INVALID', status: 403 }, { status: 403 }),
    );
    expired.type(VISA);
    expired.message({ source: 'tern-portal', type: 'submit' });
    await vi.waitFor(() => expect(toldOf('post')).toHaveLength(1));
    expect(toldOf('post')[0]).toMatchObject({ success: false, error: 'errors.card_frame_invalid' });
    expect(expired.error.textContent).toBe(
      'This card entry form has expired. Close it and open it again.',
    );

    const offline = openFrame('en', () => Promise.reject(new TypeError('Failed to fetch')));
    offline.type(VISA);
    offline.message({ source: 'tern-portal', type: 'submit' });
    await vi.waitFor(() => expect(toldOf('post')).toHaveLength(2));
    expect(toldOf('post')[1]).toMatchObject({ success: false, error: 'errors.card_token_invalid' });
  });

  it('sends one number at a time, however often the portal asks', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { type, message, fetch } = openFrame('en', () => new Promise((done) => (answer = done)));
    type(VISA);
    message({ source: 'tern-portal', type: 'submit' });
    message({ source: 'tern-portal', type: 'submit' });
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(Response.json({ token: 'tok_x', displayValue: '**** 4242' }, { status: 201 }));
    await vi.waitFor(() => expect(toldOf('post')).toHaveLength(1));
  });

  it('is accessible, its error shown too (axe, WCAG 2.2 AA)', async () => {
    for (const language of ['en', 'es'] as const) {
      show(window, pageHtml(language));
      startCardFrame(window);
      const input = document.getElementById(FRAME_ELEMENT_IDS.input) as HTMLInputElement;
      input.value = '4242';
      input.dispatchEvent(new Event('blur'));
      expect(document.getElementById(FRAME_ELEMENT_IDS.error)!.textContent).not.toBe('');
      const results = await axe.run(document, {
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        // jsdom lays nothing out: the palette is chosen for contrast (page-html.ts).
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    }
  });
});
