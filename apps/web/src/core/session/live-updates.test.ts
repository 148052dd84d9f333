import { LIVE_EVENTS } from '@tern/domain/live';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from './live-updates.ts';
import { SESSION_QUERY_SCOPE } from './session-query-scope.ts';

const USER = 'u-1';
const change = (...keys: string[]) => ({
  event: LIVE_EVENTS.change,
  data: JSON.stringify({ keys }),
});

/**
 * A server whose answers the test releases one by one: each fetch reads the value as it stands
 * when the fetch starts (as a database read does), and answers when released.
 */
function slowServer(initial: string) {
  let value = initial;
  const pending: (() => void)[] = [];
  let fetches = 0;
  return {
    set: (next: string) => (value = next),
    get fetches() {
      return fetches;
    },
    fetch: () => {
      fetches++;
      const read = value;
      return new Promise<string>((resolve) => pending.push(() => resolve(read)));
    },
    release: async () => {
      while (pending.length > 0) {
        pending.shift()!();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
}

describe('live events in the query cache', () => {
  const key = [SESSION_QUERY_SCOPE, USER, 'resolutions.options', { flightId: 'f' }];

  it('fetches an open query again when an event names it', async () => {
    const client = new QueryClient();
    const server = slowServer('before');
    const observer = new QueryObserver(client, { queryKey: key, queryFn: server.fetch });
    const unsubscribe = observer.subscribe(() => {});
    await server.release();
    expect(observer.getCurrentResult().data).toBe('before');
    server.set('after');
    applyLiveEvent(client, USER, change('resolutions.options'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await server.release();
    expect(observer.getCurrentResult().data).toBe('after');
    unsubscribe();
  });

  it('does not keep a first load that read before the change it is told of', async () => {
    // The page opens (its first fetch reads the options), the change commits and its event
    // arrives before that fetch answers: the page must end on the change, not the old read.
    const client = new QueryClient();
    const server = slowServer('before');
    const observer = new QueryObserver(client, { queryKey: key, queryFn: server.fetch });
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.fetches).toBe(1);
    server.set('after');
    applyLiveEvent(client, USER, change('resolutions.options'));
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await server.release();
    }
    expect(observer.getCurrentResult().data).toBe('after');
    unsubscribe();
  });

  it('leaves queries the event does not name', async () => {
    const client = new QueryClient();
    const server = slowServer('trips');
    const observer = new QueryObserver(client, {
      queryKey: [SESSION_QUERY_SCOPE, USER, 'TRIPS'],
      queryFn: server.fetch,
    });
    const unsubscribe = observer.subscribe(() => {});
    await server.release();
    applyLiveEvent(client, USER, change('resolutions.options'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.fetches).toBe(1);
    unsubscribe();
  });
});
