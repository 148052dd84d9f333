// Zod-free: the embed script (a few KB, no framework) and the portal's widget read it.

/**
 * The messages between a widget panel (the portal, framed) and the embed script on the
 * partner's page, by `postMessage`. Each side checks `event.origin` exactly and, in the
 * frame, `event.source === window.parent`; anything else is ignored. Every message carries
 * `source: WIDGET_MESSAGE_SOURCE` so other scripts' messages are told apart.
 */
export const WIDGET_MESSAGE_SOURCE = 'tern-widget';

/** Panel → host page. The embed script re-dispatches each as a DOM event `tern:<type>`. */
export const WIDGET_EVENTS = [
  /** The panel has painted; `height` follows in `resize`. */
  'ready',
  /** The panel's content height changed (ResizeObserver): the frame follows it. */
  'resize',
  /** The user signed out in the panel. */
  'logged-out',
  /** The widget session timed out. */
  'session-expired',
  /** The panel needs a fresh token (after a timeout, or its token was refused). */
  'token-needed',
  /** The user finished a resolution (lounge, hotel, rebooking, cash, …). */
  'resolution-completed',
  /** The user added a payout method. */
  'payout-method-added',
  /** The user covered a trip (Blink it). */
  'trip-covered',
] as const;
export type WidgetEvent = (typeof WIDGET_EVENTS)[number];

export interface WidgetEventMessage {
  source: typeof WIDGET_MESSAGE_SOURCE;
  type: WidgetEvent;
  /** Ids and states only: no personal data crosses to the host page. */
  detail?: Record<string, string | number | boolean>;
}

/** Host page → panel: the fresh token it asked for (`token-needed`). */
export interface WidgetTokenMessage {
  source: typeof WIDGET_MESSAGE_SOURCE;
  type: 'token';
  token: string;
}

export const isWidgetEventMessage = (data: unknown): data is WidgetEventMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { source?: unknown }).source === WIDGET_MESSAGE_SOURCE &&
  (WIDGET_EVENTS as readonly unknown[]).includes((data as { type?: unknown }).type);

export const isWidgetTokenMessage = (data: unknown): data is WidgetTokenMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { source?: unknown }).source === WIDGET_MESSAGE_SOURCE &&
  (data as { type?: unknown }).type === 'token' &&
  typeof (data as { token?: unknown }).token === 'string';
