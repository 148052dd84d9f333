import { vi } from 'vitest';

export type FakeRoute = (
  url: URL,
  init: RequestInit,
) => Response | undefined | Promise<Response | undefined>;

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The server side of fake event streams, as the API's stream contracts answer: each
 * `respond` opens one (open until its caller aborts), `send` writes an event to every open one.
 */
export function fakeEventStreams() {
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encoder = new TextEncoder();
  return {
    respond(signal: AbortSignal | null | undefined): Response {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          open.add(controller);
          signal?.addEventListener('abort', () => {
            open.delete(controller);
            controller.close();
          });
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    send(event: string, data: unknown, id = '1'): void {
      const frame = `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const controller of open) controller.enqueue(encoder.encode(frame));
    },
    /** How many streams are open now. */
    get open() {
      return open.size;
    },
  };
}

/**
 * A fetch that answers from `route` (404 ROUTE_NOT_FOUND when it returns nothing) and records
 * every call, so tests see exactly what the portal sent.
 */
/** What `fetch` was asked for, as text: a Request's own URL, a URL's or a string as it is. */
export const urlText = (input: RequestInfo | URL): string =>
  input instanceof Request ? input.url : input.toString();

export function fakeFetch(route: FakeRoute) {
  return vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(urlText(input), 'http://portal.test');
    return (
      (await route(url, init)) ??
      jsonResponse(404, {
        code: 'ROUTE_NOT_FOUND',
        status: 404,
        message: `no route ${url.pathname}`,
      })
    );
  });
}
