import type { WidgetPanel } from '@tern/domain/widget/panels';
import { tabStorage } from '../../core/session/tab-storage.ts';
import { useSyncExternalStore } from 'react';
import { isRecord } from '../../lib/is-record.ts';
import { observableSlot } from '../../lib/observable-slot.ts';
import { storedValue } from '../../lib/storage.ts';

/**
 * What a widget session is tied to, kept beside it in the panel's own memory: the partner
 * page's origin, the only one the panel talks to, and the panels its token opened.
 */
export type WidgetLink = { origin: string; panels: WidgetPanel[] };

const parse = (raw: unknown): WidgetLink | undefined =>
  isRecord(raw) &&
  typeof raw.origin === 'string' &&
  Array.isArray(raw.panels) &&
  raw.panels.every((p) => typeof p === 'string')
    ? (raw as WidgetLink)
    : undefined;

const slot = observableSlot(storedValue<WidgetLink>('widget', parse, tabStorage));

export const widgetLinkStore = {
  get: (): WidgetLink | undefined => slot.get(),
  set: (link: WidgetLink): void => slot.set(link),
  clear: (): void => slot.clear(),
  subscribe: (listener: () => void): (() => void) => slot.subscribe(listener),
};

export function useWidgetLink(): WidgetLink | undefined {
  return useSyncExternalStore(widgetLinkStore.subscribe, widgetLinkStore.get, widgetLinkStore.get);
}
