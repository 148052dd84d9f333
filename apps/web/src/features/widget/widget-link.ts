import type { WidgetPanel } from '@tern/domain/widget/panels';
import { useSyncExternalStore } from 'react';
import { isRecord } from '../../lib/is-record.ts';
import { observableSlot } from '../../lib/observable-slot.ts';
import { storedValue } from '../../lib/storage.ts';

/**
 * What a widget session is tied to, per tab (session storage, partitioned by the browser
 * under the partner's page; memory where even that is refused): the partner page's origin,
 * the only one the panel talks to, and the panels its token opened.
 */
export type WidgetLink = { origin: string; panels: WidgetPanel[] };

const parse = (raw: unknown): WidgetLink | undefined =>
  isRecord(raw) &&
  typeof raw.origin === 'string' &&
  Array.isArray(raw.panels) &&
  raw.panels.every((p) => typeof p === 'string')
    ? (raw as WidgetLink)
    : undefined;

const slot = observableSlot(storedValue<WidgetLink>('widget', parse, () => window.sessionStorage));

export const widgetLinkStore = {
  get: (): WidgetLink | undefined => slot.get(),
  set: (link: WidgetLink): void => slot.set(link),
  clear: (): void => slot.clear(),
  subscribe: (listener: () => void): (() => void) => slot.subscribe(listener),
};

export function useWidgetLink(): WidgetLink | undefined {
  return useSyncExternalStore(widgetLinkStore.subscribe, widgetLinkStore.get, widgetLinkStore.get);
}
