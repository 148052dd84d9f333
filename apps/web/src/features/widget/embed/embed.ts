/**
 * `/embed.js`: what a partner's page includes to place Tern's widget panels (issue 30). Its
 * own small bundle, no framework: `TernWidget.mount(element, { portal, panel, fetchToken })`
 * puts the panel in an iframe with a fresh widget token, sizes the frame to the panel's
 * content (the panel measures itself with a ResizeObserver and says so by `postMessage`), and
 * turns the panel's messages into DOM events `tern:<type>` on the element (bubbling), so the
 * page can listen where it likes. When the panel needs a token (its session timed out, or its
 * token was refused) the script asks `fetchToken` — the page's own back end, which mints one
 * with the partner's server secret — and hands it over; the panel takes it without a reload.
 *
 * Messages are accepted only from the frame's own window at the portal's exact origin.
 */
// The zod-free halves of the domain's widget area only: this bundle stays a few KB.
import {
  isWidgetEventMessage,
  WIDGET_MESSAGE_SOURCE,
  type WidgetTokenMessage,
} from '@tern/domain/widget/messages';
import { WIDGET_PANELS, WIDGET_TOKEN_PARAM, type WidgetPanel } from '@tern/domain/widget/panels';

export interface MountOptions {
  /** The partner portal's origin, e.g. `https://travel.example`. */
  portal: string;
  panel: WidgetPanel;
  /** A fresh widget token from the page's back end (asked once at mount, and when needed). */
  fetchToken: () => Promise<string>;
  /** The language the panel opens in (`fr`), as the host page speaks it; else the visitor's own. */
  lang?: string;
  /** More of the panel's query, e.g. `{ basic: 'true' }` for the compact insurance list. */
  query?: Record<string, string>;
  /** The frame's accessible name (default: "<panel> panel"). */
  title?: string;
}

export interface MountedPanel {
  frame: HTMLIFrameElement;
  unmount(): void;
}

const originOf = (portal: string): string => new URL(portal).origin;

function panelUrl(options: MountOptions, token: string): string {
  const url = new URL(WIDGET_PANELS[options.panel].path, originOf(options.portal));
  for (const [name, value] of Object.entries(options.query ?? {}))
    url.searchParams.set(name, value);
  if (options.lang) url.searchParams.set('lang', options.lang);
  url.searchParams.set(WIDGET_TOKEN_PARAM, token);
  return url.href;
}

function mount(element: HTMLElement, options: MountOptions): MountedPanel {
  if (!Object.hasOwn(WIDGET_PANELS, options.panel))
    throw new Error(`TernWidget: no panel "${options.panel}"`);
  const portalOrigin = originOf(options.portal);
  const frame = document.createElement('iframe');
  frame.title = options.title ?? `${options.panel} panel`;
  // The panel's address carries its token: no Referer leaves with its requests, and the frame
  // starts small until the panel says how tall it is.
  frame.referrerPolicy = 'no-referrer';
  frame.style.cssText = 'width:100%;border:0;display:block;height:240px;';
  frame.setAttribute('allow', 'clipboard-write');

  const dispatch = (type: string, detail?: unknown) =>
    element.dispatchEvent(new CustomEvent(`tern:${type}`, { bubbles: true, detail }));

  let asking = false;
  const giveToken = () => {
    if (asking) return;
    asking = true;
    options
      .fetchToken()
      .then((token) => {
        const message: WidgetTokenMessage = { source: WIDGET_MESSAGE_SOURCE, type: 'token', token };
        frame.contentWindow?.postMessage(message, portalOrigin);
      })
      .catch((error: unknown) => dispatch('error', { message: String(error) }))
      .finally(() => {
        asking = false;
      });
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== portalOrigin || event.source !== frame.contentWindow) return;
    if (!isWidgetEventMessage(event.data)) return;
    const { type, detail } = event.data;
    if (type === 'resize') {
      const height = Number(detail?.height);
      if (Number.isFinite(height) && height > 0) frame.style.height = `${Math.ceil(height)}px`;
      return;
    }
    if (type === 'token-needed') giveToken();
    dispatch(type, detail);
  };
  window.addEventListener('message', onMessage);

  options.fetchToken().then(
    (token) => {
      frame.src = panelUrl(options, token);
      element.replaceChildren(frame);
    },
    (error: unknown) => dispatch('error', { message: String(error) }),
  );

  return {
    frame,
    unmount() {
      window.removeEventListener('message', onMessage);
      frame.remove();
    },
  };
}

declare global {
  interface Window {
    TernWidget?: { mount: typeof mount };
  }
}

window.TernWidget = { mount };
