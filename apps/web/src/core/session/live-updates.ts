import { inWidgetPanel } from './tab-storage.ts';
import { accountsRoutes } from '@tern/domain/accounts/routes';
import type { LiveChange } from '@tern/domain/live';
import { LIVE_EVENTS } from '@tern/domain/live-events';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiClient } from '../../lib/api-client.ts';
import type { StreamMessage } from '../../lib/http.ts';
import { isRecord } from '../../lib/is-record.ts';
import { useErrorHandler } from '../errors/error-handler-context.ts';
import { SESSION_QUERY_SCOPE } from './session-query-scope.ts';

/**
 * What a live event means for the query cache: a `change` marks the queries it names stale
 * (those on screen fetch again at once), a `reset` every query of the session (the events
 * missed are no longer kept).
 *
 * A query still on its first load may have read before the change: TanStack Query restarts
 * a fetch in flight on invalidation only when the query already holds data, and would keep
 * that first answer as fresh (issue 25 item 5.4: a page opened as a disruption came stayed
 * on the old options). Such a fetch is cancelled first, so the invalidation fetches anew.
 */
export function applyLiveEvent(client: QueryClient, userId: string, message: StreamMessage): void {
  if (message.event === LIVE_EVENTS.reset) {
    refresh(client, [SESSION_QUERY_SCOPE, userId]);
    return;
  }
  if (message.event !== LIVE_EVENTS.change) return;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return;
  }
  if (!isLiveChange(data)) return;
  for (const key of data.keys) refresh(client, [SESSION_QUERY_SCOPE, userId, key]);
}

/**
 * The API writes each `change` from its contract's schema (`accounts.events`); the session
 * code checks its shape only, so it needs no zod: a key that names no query refreshes nothing.
 */
const isLiveChange = (data: unknown): data is LiveChange =>
  isRecord(data) && Array.isArray(data.keys) && data.keys.every((key) => typeof key === 'string');

function refresh(client: QueryClient, queryKey: readonly unknown[]): void {
  const firstLoads = client
    .getQueryCache()
    .findAll({ queryKey, fetchStatus: 'fetching' })
    .filter((query) => query.state.data === undefined);
  void Promise.all(firstLoads.map((query) => query.cancel({ revert: true }))).then(() =>
    client.invalidateQueries({ queryKey }),
  );
}

/**
 * Keeps the signed-in user's event stream open while the session lasts, so what changes
 * elsewhere (another tab, an agent, a background job) shows without a reload. A refusal
 * goes to the error handler: a 401 there ends the session as any other. Not in a widget
 * panel: a partner's page may hold several panels of one portal, and a browser keeps six
 * connections per site, so a stream each would leave the seventh panel waiting for good; a
 * panel reads afresh when it is opened or its queries go stale.
 */
export function useLiveUpdates(api: ApiClient, userId: string): void {
  const client = useQueryClient();
  const handleError = useErrorHandler();
  useEffect(() => {
    if (inWidgetPanel) return;
    const controller = new AbortController();
    api.stream(
      accountsRoutes.events,
      { params: { id: userId } },
      {
        signal: controller.signal,
        onMessage: (message) => applyLiveEvent(client, userId, message),
        onRefused: (error) => void handleError(error),
      },
    );
    return () => controller.abort();
  }, [api, client, handleError, userId]);
}
