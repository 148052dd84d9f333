import { createParser } from 'eventsource-parser';
import type { StreamMessage } from './http.ts';

/** The wait before a reconnection until the server names its own (`retry:`), as EventSource. */
const FIRST_RETRY_MS = 1_000;
/** The longest wait between attempts, however many fail in a row. */
const MAX_RETRY_MS = 30_000;

export type EventStreamOptions = {
  /** Opens one connection, asking for the events after `lastEventId`; throws when it cannot. */
  connect: (lastEventId: string | undefined, signal: AbortSignal) => Promise<Response>;
  /** Each named event (an event without a name is not one the API sends). */
  onMessage: (message: StreamMessage) => void;
  /** Whether a failure ends the stream for good (a refusal) instead of being retried. */
  isFinal: (error: unknown) => boolean;
  /** Ends the stream. */
  signal: AbortSignal;
};

/**
 * Keeps a server-sent event stream open until `signal` aborts; rejects with the failure that
 * `isFinal` says ends it. A failure or an end by the server is followed by a new connection
 * with the last event id, so the server sends what was missed: after the server's `retry:`
 * interval, doubled for each attempt in a row that could not connect (up to 30 s), so an API
 * that is down is not called every few seconds by every open page.
 *
 * While the page is hidden the stream is closed and it resumes when the page is shown, as
 * `@microsoft/fetch-event-source` did: a tab in the background holds no connection (browsers
 * allow six per origin over HTTP/1.1, and a user may keep many tabs).
 */
export async function keepEventStream({
  connect,
  onMessage,
  isFinal,
  signal,
}: EventStreamOptions): Promise<void> {
  let lastEventId: string | undefined;
  let retryMs = FIRST_RETRY_MS;
  let failures = 0;
  const parser = createParser({
    // An empty id forgets the last one (the spec's "last event ID buffer").
    onId: (id) => (lastEventId = id || undefined),
    onRetry: (ms) => (retryMs = ms),
    onEvent: ({ event, data }) => {
      if (event) onMessage({ event, data });
    },
  });

  while (!signal.aborted) {
    const connection = new AbortController();
    const close = () => connection.abort();
    const closeIfHidden = () => {
      if (document.hidden) connection.abort();
    };
    signal.addEventListener('abort', close);
    document.addEventListener('visibilitychange', closeIfHidden);
    try {
      const response = await connect(lastEventId, connection.signal);
      failures = 0;
      parser.reset();
      await read(response, (text) => parser.feed(text));
      // The server ended it (the session may have ended): connect again, and hear why if so.
    } catch (error) {
      if (signal.aborted) return;
      if (!connection.signal.aborted) {
        if (isFinal(error)) throw error;
        failures += 1;
      }
    } finally {
      signal.removeEventListener('abort', close);
      document.removeEventListener('visibilitychange', closeIfHidden);
      connection.abort();
    }
    if (document.hidden) await shown(signal);
    else await wait(Math.min(retryMs * 2 ** Math.max(failures - 1, 0), MAX_RETRY_MS), signal);
  }
}

/** Feeds the body's text to `feed` until it ends; throws if the connection fails. */
async function read(response: Response, feed: (text: string) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    feed(decoder.decode(value, { stream: true }));
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** Resolves when the page is shown, or at once when `signal` aborts. */
const shown = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', check);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const check = () => {
      if (!document.hidden) done();
    };
    document.addEventListener('visibilitychange', check);
    signal.addEventListener('abort', done);
    check();
  });
