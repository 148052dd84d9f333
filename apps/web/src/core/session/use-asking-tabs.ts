import { useSyncExternalStore } from 'react';
import { sessionTabs } from './session-tabs.ts';

/**
 * True while a tab that started signed out waits to hear whether another tab has a session.
 * Apart from `session-tabs.ts`, which the start-up script imports before React has arrived.
 */
export function useAskingTabs(): boolean {
  return useSyncExternalStore(sessionTabs.subscribe, sessionTabs.isAsking, sessionTabs.isAsking);
}
