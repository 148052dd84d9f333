/** One server-sent event as a client sees it. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** Every event so far, in order (comments too, as event ':'). */
  events: StreamEvent[];
  /**
   * The first event after the last one `next` answered that `matches` (events it skips are
   * passed over); rejects after `timeoutMs` or when the stream ends first.
   */
  next(
    matches: (event: StreamEvent) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<StreamEvent>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Parses one SSE block (lines up to a blank line), as the EventSource specification says. */
function parseBlock(block: string): StreamEvent | undefined {
  const event: StreamEvent = { id: undefined, event: 'message', data: '' };
  const data: string[] = [];
  let seen = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { id: undefined, event: ':', data: line.slice(1).trim() };
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') data.push(value);
    else continue;
    seen = true;
  }
  event.data = data.join('\n');
  return seen ? event : undefined;
}

/** Opens an event stream with fetch (headers, not a URL token) and reads it as it comes. */
export async function openStream(
  url: string,
  headers: Record<string, string>,
): Promise<OpenedStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  let cursor = 0;
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) events.push(event);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close().
    }
    done = true;
    for (const wake of waiters) wake();
  })();

  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    close: () => controller.abort(),
    next(matches, { timeoutMs = 2_000 } = {}) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const index = events.findIndex((event, i) => i >= cursor && matches(event));
          if (index >= 0) {
            cursor = index + 1;
            cleanUp();
            resolve(events[index]!);
          } else if (done) {
            cleanUp();
            reject(new Error('the stream ended'));
          }
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`no matching event within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      });
    },
  };
}
