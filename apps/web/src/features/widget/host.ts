import {
  isWidgetTokenMessage,
  WIDGET_MESSAGE_SOURCE,
  type WidgetEvent,
  type WidgetEventMessage,
} from '@tern/domain/widget/messages';
import { widgetLinkStore } from './widget-link.ts';

/** Whether this page runs framed by another page (the widget), not as the full portal. */
export const isFramed = (): boolean => typeof window !== 'undefined' && window.parent !== window;

/**
 * The origins the panel may talk to: its session's partner page once it has one, else every
 * embedding origin of the partner's configuration (before a session, or after a refused
 * token). `postMessage` with a target origin delivers only to a parent at that origin, so a
 * stranger framing the panel (which the frame policy refuses anyway) hears nothing.
 */
function hostOrigins(embeddingOrigins: readonly string[]): readonly string[] {
  const linked = widgetLinkStore.get()?.origin;
  return linked ? [linked] : embeddingOrigins;
}

export function postToHost(
  embeddingOrigins: readonly string[],
  type: WidgetEvent,
  detail?: WidgetEventMessage['detail'],
): void {
  if (!isFramed()) return;
  const message: WidgetEventMessage = {
    source: WIDGET_MESSAGE_SOURCE,
    type,
    ...(detail ? { detail } : {}),
  };
  for (const origin of hostOrigins(embeddingOrigins)) window.parent.postMessage(message, origin);
}

/**
 * Calls `onToken` with each fresh token the host page sends: only from the window that frames
 * the panel, at one of its origins, exactly; anything else is ignored.
 */
export function listenForTokens(
  embeddingOrigins: readonly string[],
  onToken: (token: string) => void,
): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || !hostOrigins(embeddingOrigins).includes(event.origin))
      return;
    if (isWidgetTokenMessage(event.data)) onToken(event.data.token);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
